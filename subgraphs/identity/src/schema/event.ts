import { entityChanges } from "@pap/events";
import { addChangeFeed, loadByUuid } from "@pap/kernel";
import { builder } from "../builder";
import { userEvents } from "../domain/events";
import { UserRef } from "./user";

addChangeFeed(builder, {
  entity: UserRef,
  field: "user",
  subscription: "userChanged",
  noun: "account",
  domain: "identity domain",
  source: userEvents.source,
  permission: "users:read",
  load: (context, id) => loadByUuid(context.loaders.userById, id),
  changes: (context, id) => entityChanges(context, userEvents.source, id),
});
