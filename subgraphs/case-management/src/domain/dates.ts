/** Calendar dates travel as `YYYY-MM-DD` and are stored as PostgreSQL `date` (a UTC-midnight Date in JS). */
export const dateOnly = (value: Date): string => value.toISOString().slice(0, 10);
export const toDbDate = (value: string | null): Date | null => (value === null ? null : new Date(`${value}T00:00:00.000Z`));
export const todayUtc = (): string => dateOnly(new Date());
