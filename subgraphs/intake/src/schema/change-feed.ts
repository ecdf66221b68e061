import { addChangeFeed } from "@pap/kernel";
import { builder } from "../builder";
import { intakeEvents } from "../domain/events";
import { ApplicationRef } from "./application";

addChangeFeed(builder, {
  entity: ApplicationRef,
  field: "application",
  subscription: "applicationChanged",
  noun: "application",
  domain: "intake domain",
  source: intakeEvents.source,
  permission: "applications:subscribe",
  loader: (context) => context.loaders.applicationById,
});
