import { planTransition, type MachineCaller } from "@pap/kernel/state-machine";
import type { Application, Prisma } from "@pap/db";
import { filingMinimumEnabled, missingForFiling, type FilingFacts } from "../config/filing-minimum";
import { missingInterview, snapInterviewRequired } from "../config/interview-requirement";
import { applicationMachine, type ApplicationEnv } from "../domain/application-machine";
import { intakeEvents } from "../domain/events";
import { lockedApplication } from "./applications";
import { primaryApplicantOf } from "./members";
import type { IntakeWork } from "./work";

type Tx = IntakeWork["tx"];
type Contact = {
  name?: { firstName?: string; lastName?: string };
  primaryAddress?: unknown;
  mailingAddress?: unknown;
  isExperiencingHomelessness?: boolean;
} | null;

/** What the filing minimum reads of an application: its primary applicant's contact and its signatures' purposes. */
async function filingFacts(tx: Tx, application: Application): Promise<FilingFacts> {
  const [primary, signatures] = await Promise.all([
    primaryApplicantOf(tx, application.id),
    tx.signature.findMany({ where: { applicationId: application.id }, select: { purpose: true } }),
  ]);
  const contact = primary?.contact as Contact;
  return {
    programs: application.programs,
    primaryApplicant: primary
      ? {
          firstName: contact?.name?.firstName,
          lastName: contact?.name?.lastName,
          hasAddress: Boolean(contact?.primaryAddress || contact?.mailingAddress),
          isExperiencingHomelessness: contact?.isExperiencingHomelessness === true,
        }
      : null,
    signaturePurposes: new Set(signatures.map((signature) => signature.purpose)),
  };
}

/**
 * The programs a member applies for: those they name, of the application's (a member naming none
 * applies for all of the application's); a non-applying member applies for none.
 */
function programsOf(application: Application, member: { roles: string[]; programsAppliedFor: string[] }): string[] {
  if (member.roles.length > 0 && member.roles.every((role) => role === "non_applying_member")) return [];
  if (member.programsAppliedFor.length === 0) return [...application.programs];
  return application.programs.filter((program) => member.programsAppliedFor.includes(program));
}

/** The actions that lead to the application's decisions: they wait for what a decision needs (a SNAP interview). */
const decidingActions: ReadonlySet<string> = new Set(["complete-review", "approve-determination"]);

async function decisionGaps(tx: Tx, application: Application): Promise<ApplicationEnv["decisionGaps"]> {
  const required = snapInterviewRequired();
  if (!required || !application.programs.includes("snap")) return [];
  const interview = await tx.interview.findUnique({
    where: { applicationId: application.id },
    select: { completedAt: true, waiverGranted: true },
  });
  return missingInterview({ programs: application.programs, interview }, required);
}

async function environment(tx: Tx, application: Application, action: string): Promise<ApplicationEnv> {
  if (decidingActions.has(action)) return { memberIds: [], members: [], filingGaps: [], decisionGaps: await decisionGaps(tx, application) };
  if (action !== "submit") return { memberIds: [], members: [], filingGaps: [], decisionGaps: [] };
  const members = await tx.applicationMember.findMany({
    where: { applicationId: application.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, roles: true, programsAppliedFor: true },
  });
  const filingGaps = filingMinimumEnabled() ? missingForFiling(await filingFacts(tx, application)) : [];
  return {
    memberIds: members.map((member) => member.id),
    members: members.map((member) => ({ memberId: member.id, programs: programsOf(application, member) })),
    filingGaps,
    decisionGaps: [],
  };
}

export type ApplicationAction = {
  id: string;
  action: string;
  caller: MachineCaller;
  body: unknown;
  /** Checks the caller may see this application at all (a request's caller; a reaction runs as the system and skips it). */
  access?(application: Application): Promise<void>;
};

/**
 * Runs one action of the application machine under the application's row lock, in the contract's
 * order (404 → may the caller see it → 409 state → 403 role → 409 guard → 422 body and filing minimum);
 * the change and its events commit together.
 */
export async function transitionApplication(
  work: IntakeWork,
  { id, action, caller, body, access }: ApplicationAction,
): Promise<Application> {
  const before = await lockedApplication(work.tx, id);
  await access?.(before);
  const plan = await planTransition(
    applicationMachine,
    action,
    before,
    caller,
    body,
    await environment(work.tx, before, action),
    work.clock.now(),
  );
  // What the machine's effects return, as Prisma writes it (no effect sets a JSON column to null, which Prisma would refuse).
  const { id: _id, ...changes } = plan.changes as Prisma.ApplicationUncheckedUpdateInput;
  const after = await work.tx.application.update({ where: { id: before.id }, data: changes });
  await work.events.record(work.tx, ...intakeEvents.emitted(plan.emissions, before.id));
  return after;
}
