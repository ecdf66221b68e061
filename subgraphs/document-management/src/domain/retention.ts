/**
 * The retention deadline: the trigger's date plus the type's years (SPEC §2.4), as a calendar date.
 * A trigger on 29 February counts to 28 February in a year that has none.
 */
export function retentionDeadlineOf(triggeredAt: Date, retentionYears: number): Date {
  const year = triggeredAt.getUTCFullYear() + retentionYears;
  const month = triggeredAt.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(triggeredAt.getUTCDate(), lastDay)));
}

/** When a `document_date` document's retention starts: the start of the date on its face (UTC). */
export const documentDateTrigger = (documentDate: Date) =>
  new Date(Date.UTC(documentDate.getUTCFullYear(), documentDate.getUTCMonth(), documentDate.getUTCDate()));
