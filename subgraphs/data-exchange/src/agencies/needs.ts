import type { SensitiveSubject } from "@pap/kernel/domain";
import type { ServiceType } from "../domain/vocabulary";

type Fact = keyof SensitiveSubject;

const person: readonly Fact[] = ["ssn", "firstName", "lastName", "dateOfBirth"];
const earner: readonly Fact[] = ["ssn", "firstName", "lastName", "income"];

/**
 * What each kind of agency is told of the subject, and nothing more (data minimisation): the federal
 * hub's person checks match on SSN, name and date of birth; the income sources match an earner by SSN
 * and name and are shown the income reported; the enrollment and incarceration checks need only who.
 */
export const agencyNeeds: Readonly<Record<ServiceType, readonly Fact[]>> = {
  fdsh_ssa: person,
  fdsh_vlp: person,
  fdsh_fti: ["ssn", "firstName", "lastName", "dateOfBirth"],
  fdsh_medicare: person,
  fdsh_vci: earner,
  ssa_ievs: earner,
  irs_ievs: earner,
  swica: earner,
  uib: earner,
  save: person,
  enrollment_check: person,
  incarceration_check: person,
};

/** The part of the subject an agency of this type is sent. */
export function factsFor(serviceType: ServiceType, subject: SensitiveSubject): Partial<SensitiveSubject> {
  const told: Partial<SensitiveSubject> = {};
  for (const fact of agencyNeeds[serviceType]) {
    if (subject[fact] !== undefined) (told as Record<string, unknown>)[fact] = subject[fact];
  }
  return told;
}
