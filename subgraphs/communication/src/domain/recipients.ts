import type { NoticeChannel, NoticeLanguage } from "./vocabulary";
import { noticeLanguages } from "./vocabulary";

/** A postal address as intake keeps it. */
export type PostalAddress = { addressLine1: string; addressLine2?: string; city: string; state: string; zip: string };

/** What a household member's record says that matters to notices. */
export type MemberForNotices = {
  id: string;
  roles: readonly string[];
  name: string;
  email?: string | null;
  /** The mailing address, else the primary one (an alternate notice address wins over both). */
  address?: PostalAddress | null;
  noticePreference?: "paper" | "email" | "both" | null;
  writtenLanguage?: string | null;
  spokenLanguage?: string | null;
};

export type RepresentativeForNotices = {
  id: string;
  name: string;
  receivesNotices: boolean;
  email?: string | null;
  address?: PostalAddress | null;
};

export type Household = { members: readonly MemberForNotices[]; representatives: readonly RepresentativeForNotices[] };

/** Where one copy goes. */
export type Destination = { channel: "email"; email: string } | { channel: "paper"; name: string; address: PostalAddress };

export type Recipient = {
  recipientId: string;
  kind: "member" | "authorized_representative";
  name: string;
  channels: NoticeChannel[];
  destinations: Destination[];
};

/**
 * The channels a preference asks for, kept to those the recipient can be reached by: an email
 * preference without an address on file falls back to paper, and the reverse; no preference is paper
 * when there is an address (the law's default is a mailed notice), else email.
 */
export function channelsFor(
  preference: MemberForNotices["noticePreference"],
  email: string | null,
  address: PostalAddress | null,
): NoticeChannel[] {
  const wanted: NoticeChannel[] = preference === "both" ? ["email", "paper"] : preference === "email" ? ["email"] : ["paper"];
  const reachable = wanted.filter((channel) => (channel === "email" ? email : address));
  if (reachable.length) return reachable;
  if (address) return ["paper"];
  if (email) return ["email"];
  return [];
}

function recipient(
  kind: Recipient["kind"],
  id: string,
  name: string,
  channels: NoticeChannel[],
  email: string | null,
  address: PostalAddress | null,
): Recipient {
  const destinations = channels.map(
    (channel): Destination => (channel === "email" ? { channel, email: email! } : { channel, name, address: address! }),
  );
  return { recipientId: id, kind, name, channels, destinations };
}

/**
 * Who a household's notice goes to: the primary applicant always, every other member who stated a notice
 * preference (they asked to be told), and every authorized representative who receives notices; each by
 * the channels their preference chose. A recipient who can be reached by no channel is left out.
 */
export function recipientsOf(household: Household): Recipient[] {
  const members = household.members
    .filter((member) => member.roles.includes("primary_applicant") || member.noticePreference)
    .map((member) => {
      const email = member.email ?? null;
      const address = member.address ?? null;
      return recipient("member", member.id, member.name, channelsFor(member.noticePreference ?? null, email, address), email, address);
    });
  const representatives = household.representatives
    .filter((representative) => representative.receivesNotices)
    .map((representative) => {
      const email = representative.email ?? null;
      const address = representative.address ?? null;
      // A representative states no preference: paper when there is an address, with email beside it when known.
      const channels: NoticeChannel[] = [...(email ? (["email"] as const) : []), ...(address ? (["paper"] as const) : [])];
      return recipient("authorized_representative", representative.id, representative.name, channels, email, address);
    });
  return [...members, ...representatives].filter((found) => found.channels.length > 0);
}

/**
 * The language a household's notices are written in: the primary applicant's preferred written
 * language (else spoken) when a template exists in it, else English. Tags are matched by their primary
 * subtag (`es-MX` is Spanish).
 */
export function languageOf(household: Household): NoticeLanguage {
  const primary = household.members.find((member) => member.roles.includes("primary_applicant")) ?? household.members[0];
  for (const tag of [primary?.writtenLanguage, primary?.spokenLanguage]) {
    const base = tag?.toLowerCase().split(/[-_]/)[0];
    const known = noticeLanguages.find((language) => language === base);
    if (known) return known;
  }
  return "en";
}
