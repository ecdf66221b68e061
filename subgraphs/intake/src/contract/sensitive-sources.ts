import { isUuid } from "@pap/core";
import { forbidden, permissionsOf, type Principal } from "@pap/kernel/auth";
import type { SensitiveSource, SensitiveSubject } from "@pap/kernel/domain";
import type { PrismaClient } from "@pap/db";
import { applicationPermissions, VERIFICATION_FACTS } from "../domain/permissions";

type Identity = { personalInformation: unknown; contact: unknown };

/** The facts agencies match a person on, out of a member's sections; nothing else of them. */
function identityOf(member: Identity): SensitiveSubject {
  const personal = (member.personalInformation ?? {}) as { ssn?: unknown; dateOfBirth?: unknown };
  const name = ((member.contact ?? {}) as { name?: { firstName?: unknown; lastName?: unknown } }).name ?? {};
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);
  return {
    ssn: text(personal.ssn),
    firstName: text(name.firstName),
    lastName: text(name.lastName),
    dateOfBirth: text(personal.dateOfBirth),
  };
}

const identityColumns = { personalInformation: true, contact: true } as const;

/** Before any read: the caller must hold the facts' permission by intake's table (the adapters' principal does). */
function requireFactsPermission(caller: Principal): void {
  if (!permissionsOf(caller.roles, [applicationPermissions]).has(VERIFICATION_FACTS)) throw forbidden(VERIFICATION_FACTS);
}

/**
 * What intake lets the data-exchange adapters read (issue 17): a member's identity, and an income
 * record with its member's identity. These readers select those columns and no others, and only for
 * a caller granted `applications:read:verification-facts`.
 */
export const intakeSensitiveSources: readonly SensitiveSource[] = [
  {
    resourceType: "intake/applications/members",
    auditedAs: "ApplicationMember",
    async read(db, id, caller) {
      requireFactsPermission(caller);
      if (!isUuid(id)) return null;
      const member = await (db as PrismaClient).applicationMember.findUnique({ where: { id: id.toLowerCase() }, select: identityColumns });
      return member && identityOf(member);
    },
  },
  {
    resourceType: "intake/applications/incomes",
    auditedAs: "Income",
    async read(db, id, caller) {
      requireFactsPermission(caller);
      if (!isUuid(id)) return null;
      const income = await (db as PrismaClient).income.findUnique({
        where: { id: id.toLowerCase() },
        select: { type: true, amount: true, frequency: true, payerName: true, member: { select: identityColumns } },
      });
      if (!income) return null;
      return {
        ...identityOf(income.member),
        income: { type: income.type, amount: income.amount, frequency: income.frequency, employerName: income.payerName },
      };
    },
  },
];
