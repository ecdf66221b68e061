import { builder } from "../builder";
import { personEvents } from "../domain/events";
import { PersonRef } from "./person";
import { personInReach } from "./person-scope";

// The feed delivers log events, which partners do not read: subscribing needs its own permission.
builder.addChangeFeed({
  entity: PersonRef,
  field: "person",
  subscription: "personChanged",
  noun: "person",
  domain: "persons domain",
  source: personEvents.source,
  permission: "persons:read",
  subscribePermission: "persons:subscribe",
  // Match results share the persons source but concern an application's member, not a person.
  types: ["persons.person.*"],
  loader: (context) => context.loaders.personById,
  // A confined caller hears only of persons within reach (county scoping), judged as each change arrives.
  reachable: personInReach,
});
