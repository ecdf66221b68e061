import { countyScope } from "@pap/kernel/auth";
import type { CommunicationContext } from "../context";

/**
 * County scoping for notices (docs/county-scoping.md): a notice belongs to its application's county; one
 * out of the caller's reach is not found however it is asked for, and lists leave it out.
 */
export const noticeScope = countyScope<CommunicationContext>("Notice", (context, id) =>
  context.db.notice.findUnique({ where: { id }, select: { county: true } }),
);
