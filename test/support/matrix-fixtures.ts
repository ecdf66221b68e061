/** What both authorization matrices (REST and GraphQL) send: their callers' identities and the bodies of records a case consumes. */
import { randomUUID } from "node:crypto";
import { benefitPrograms } from "@pap/core";
import type { Role } from "@pap/kernel/auth";
import { bearer } from "./auth";

/** The identity provider's API key, without a token: the one caller that is no role. */
export const API_KEY = { authorization: "", "x-api-key": "test-idp-api-key-1" };

/** Each role's caller has an account, found by its token's subject, so that `me` has one to show. */
export const subjectOf = (role: string) => `idp|matrix-${role}`;

/**
 * A role's token in the matrices, which test what roles grant: a partner's names an agreement covering
 * every program, identifiers shared, so that only its role narrows it (partner-scoping.test.ts tests
 * what an agreement narrows).
 */
export const matrixToken = (role: Role) =>
  bearer([role], {
    sub: subjectOf(role),
    userId: randomUUID(),
    ...(role === "partner_readonly" && { programs: [...benefitPrograms], sharesIdentifiers: true }),
  });

/** An appointment's slot of its own in 2031, so that no two cases' appointments overlap. */
export const slot = () => {
  const start = Date.UTC(2031, 0, 1) + Math.floor(Math.random() * 1e9);
  return { startAt: new Date(start).toISOString(), endAt: new Date(start + 1_800_000).toISOString() };
};

/** A valid UserCreate for a case worker with a subject of its own. */
export const newUser = () => ({ idpSubject: `idp|${randomUUID()}`, email: "matrix@agency.example.gov", role: "case_worker" });

/** A valid document type of the deployment's own, with a name of its own. */
export const newDocumentType = () => ({
  name: `matrix_${randomUUID().slice(0, 8)}`,
  retentionYears: 3,
  retentionTrigger: "submission_date",
});
