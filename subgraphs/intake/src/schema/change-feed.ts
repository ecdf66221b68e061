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
  // An income's events name its member and a verification's itself; every other intake event names the application.
  concerns: (type) => !type.includes("intake.member_income.") && !type.includes("intake.verification."),
  loader: (context) => context.loaders.applicationById,
});
