import { isUuid } from "@pap/core";
import type { Prisma } from "../generated/client/client";

type UserReader = Pick<Prisma.TransactionClient, "user">;

/** What a credential says of who is calling: the platform's user id, the identity provider's subject, or either in one field. */
export type Credential = { id?: string | undefined; subject?: string | undefined };

/**
 * The active user account (identity's users, in the same database) a credential names, or null. A
 * token's `userId` or a proxy's `X-Caller-Id` may be the platform's user id; as often it is the
 * identity provider's subject (a proxy's header, a token without `userId`), which the account links
 * (`idpSubject`), and a subject may itself look like a uuid. The account whose id the credential
 * names wins over one linked to a subject; only an active account counts.
 */
export async function findActiveAccount(db: UserReader, credential: Credential): Promise<{ id: string } | null> {
  const { id, subject } = credential;
  // PostgreSQL text holds no NUL, so no account is linked to a name with one (and asking would fail the query).
  const subjects = [
    ...new Set([id, subject].filter((name): name is string => typeof name === "string" && name !== "" && !name.includes("\u0000"))),
  ];
  if (subjects.length === 0) return null;
  const accounts = await db.user.findMany({
    where: { status: "active", OR: [...(isUuid(id) ? [{ id: id.toLowerCase() }] : []), { idpSubject: { in: subjects } }] },
    select: { id: true, idpSubject: true },
  });
  return (
    accounts.find((account) => account.id === id?.toLowerCase()) ??
    accounts.find((account) => account.idpSubject === subject) ??
    accounts[0] ??
    null
  );
}
