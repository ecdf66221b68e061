import { entityChanges } from "@pap/events";
import { addChangeFeed, loadByUuid } from "@pap/kernel";
import { builder } from "../builder";
import { caseEvents } from "../domain/events";
import { CaseRef } from "./case";

addChangeFeed(builder, {
  entity: CaseRef,
  field: "case",
  subscription: "caseChanged",
  noun: "case",
  domain: "case-management domain",
  source: caseEvents.source,
  permission: "cases:read",
  load: (context, id) => loadByUuid(context.loaders.caseById, id),
  changes: (context, id) => entityChanges(context, caseEvents.source, id),
});
