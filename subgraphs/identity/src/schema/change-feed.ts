import { builder } from "../builder";
import { userEvents } from "../domain/events";
import { UserRef } from "./user";

builder.addChangeFeed({
  entity: UserRef,
  field: "user",
  subscription: "userChanged",
  noun: "account",
  domain: "identity domain",
  source: userEvents.source,
  permission: "users:read",
  loader: (context) => context.loaders.userById,
});
