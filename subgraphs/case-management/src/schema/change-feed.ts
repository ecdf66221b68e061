import { builder } from "../builder";
import { caseEvents } from "../domain/events";
import { CaseRef } from "./case";
import { caseScope } from "./case-scope";

builder.addChangeFeed({
  entity: CaseRef,
  field: "case",
  subscription: "caseChanged",
  noun: "case",
  domain: "case-management domain",
  source: caseEvents.source,
  permission: "cases:read",
  loader: (context) => context.loaders.caseById,
  reachable: caseScope.idInReach,
});
