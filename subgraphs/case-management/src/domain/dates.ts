import { dateOnly } from "@pap/kernel/resource";

/** Calendar dates travel as `YYYY-MM-DD` and are stored as PostgreSQL `date` (a UTC-midnight Date in JS). */
export { dateOnly };
export const toDbDate = (value: string | null): Date | null => (value === null ? null : new Date(`${value}T00:00:00.000Z`));
