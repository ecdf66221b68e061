/**
 * Whether a database error is a unique-constraint violation (SQLSTATE 23505), however Prisma reports
 * it: as P2002 from a model query, or as a failed raw query carrying the PostgreSQL code.
 */
export function isUniqueViolation(error: unknown): boolean {
  const known = error as {
    code?: string;
    meta?: { code?: string; driverAdapterError?: { cause?: { originalCode?: string; kind?: string } } };
    message?: string;
  };
  // Prisma's own code, or the server's as the driver (`Database.write`) passes it on.
  if (known?.code === "P2002" || known?.code === "23505") return true;
  if (known?.meta?.code === "23505") return true;
  const cause = known?.meta?.driverAdapterError?.cause;
  if (cause?.originalCode === "23505" || cause?.kind === "UniqueConstraintViolation") return true;
  return typeof known?.message === "string" && /Code: `23505`/.test(known.message);
}

/** Runs a write that may take a unique key another row holds; that refusal becomes `taken()`'s error (the index decides, so racing writes cannot both win). */
export async function unlessKeyTaken<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
