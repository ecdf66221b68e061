import { countyScope } from "@pap/kernel/auth";
import type { CaseManagementContext } from "../context";

/**
 * County scoping for cases (docs/county-scoping.md): a case of a county out of the caller's reach is
 * not found, however it is asked for, and lists leave it out.
 */
export const caseScope = countyScope<CaseManagementContext>("Case", (context, id) =>
  context.db.case.findUnique({ where: { id }, select: { county: true } }),
);
