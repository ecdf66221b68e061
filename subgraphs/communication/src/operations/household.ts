import type { Prisma, PrismaClient } from "@pap/db";
import type { Household, PostalAddress } from "../domain/recipients";

type Reader = PrismaClient | Prisma.TransactionClient;

type Name = { firstName?: string; middleName?: string; lastName?: string; suffix?: string };
type Contact = {
  name?: Name;
  email?: string;
  primaryAddress?: PostalAddress;
  mailingAddress?: PostalAddress;
  alternateNoticeAddress?: PostalAddress;
  noticePreference?: "paper" | "email" | "both";
};

export const fullName = (name: Name | null | undefined): string =>
  [name?.firstName, name?.middleName, name?.lastName, name?.suffix].filter((part) => part?.trim()).join(" ");

/** Where paper goes: the address the member gave for notices, else their mailing address, else where they live. */
const noticeAddress = (contact: Contact | null): PostalAddress | null =>
  contact?.alternateNoticeAddress ?? contact?.mailingAddress ?? contact?.primaryAddress ?? null;

export type ApplicationForNotices = {
  applicationId: string;
  county: string | null;
  household: Household;
  /** The name the household's notices are addressed to (the primary applicant's). */
  householdName: string;
  memberNames: Map<string, string>;
};

/**
 * What notices need of an application, read from intake's tables (intake owns them; this is the one
 * place communication reads them): its members' names, contacts, notice preferences and languages, and
 * its authorized representatives with whom they name. Null when the application no longer exists.
 */
export async function readApplicationForNotices(db: Reader, applicationId: string): Promise<ApplicationForNotices | null> {
  const application = await db.application.findUnique({
    where: { id: applicationId },
    select: {
      id: true,
      county: true,
      members: { orderBy: { createdAt: "asc" }, select: { id: true, roles: true, contact: true, personalInformation: true } },
      applicationContacts: { select: { id: true, name: true, email: true, primaryAddress: true } },
      organizations: { select: { id: true, name: true, address: true } },
      authorizedRepresentatives: {
        orderBy: { createdAt: "asc" },
        select: { id: true, type: true, representativeId: true, receivesNotices: true },
      },
    },
  });
  if (!application) return null;
  const members = application.members.map((member) => {
    const contact = (member.contact ?? null) as Contact | null;
    const languages = (member.personalInformation ?? {}) as { preferredWrittenLanguage?: string; preferredSpokenLanguage?: string };
    return {
      id: member.id,
      roles: member.roles,
      name: fullName(contact?.name) || "Household member",
      email: contact?.email ?? null,
      address: noticeAddress(contact),
      noticePreference: contact?.noticePreference ?? null,
      writtenLanguage: languages.preferredWrittenLanguage ?? null,
      spokenLanguage: languages.preferredSpokenLanguage ?? null,
    };
  });
  const representatives = application.authorizedRepresentatives.map((representative) => {
    const base = { id: representative.id, receivesNotices: representative.receivesNotices === true };
    if (representative.type === "member") {
      const member = members.find((candidate) => candidate.id === representative.representativeId);
      return { ...base, name: member?.name ?? "Authorized representative", email: member?.email ?? null, address: member?.address ?? null };
    }
    if (representative.type === "organization") {
      const organization = application.organizations.find((candidate) => candidate.id === representative.representativeId);
      return {
        ...base,
        name: organization?.name ?? "Authorized representative",
        email: null,
        address: (organization?.address ?? null) as PostalAddress | null,
      };
    }
    const contact = application.applicationContacts.find((candidate) => candidate.id === representative.representativeId);
    return {
      ...base,
      name: fullName(contact?.name as Name | undefined) || "Authorized representative",
      email: contact?.email ?? null,
      address: (contact?.primaryAddress ?? null) as PostalAddress | null,
    };
  });
  const primary = members.find((member) => member.roles.includes("primary_applicant")) ?? members[0];
  return {
    applicationId: application.id,
    county: application.county,
    household: { members, representatives },
    householdName: primary?.name ?? "Household",
    memberNames: new Map(members.map((member) => [member.id, member.name])),
  };
}
