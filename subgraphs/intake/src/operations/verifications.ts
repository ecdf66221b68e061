import { conflict, isUuid, notFound, validationFailed } from "@pap/core";
import { choosePart, planTransition, type MachineCaller } from "@pap/kernel/state-machine";
import type { Application, Prisma, Verification } from "@pap/db";
import { programVerifications } from "../config/program-verifications";
import { verification as verificationResource } from "../contract/records";
import { intakeEvents, verificationChanges } from "../domain/events";
import { verificationMachine, verificationsAtApplication } from "../domain/verification-machine";
import { lockedApplication } from "./applications";
import type { RecordAccess } from "./records";
import type { IntakeWork } from "./work";

type Tx = IntakeWork["tx"];
type Draft = {
  sourceId: string | null;
  sourceType: "member" | "income" | null;
  category: string;
  verificationType: "document" | "electronic";
};

/**
 * The application a caller's write to its verifications opens: under its lock, the caller allowed,
 * and still open (a withdrawn or closed application takes no new obligations).
 */
async function openApplication(work: IntakeWork, applicationId: string, access?: RecordAccess): Promise<Application> {
  const application = await lockedApplication(work.tx, applicationId);
  await access?.(application);
  if (application.status === "withdrawn" || application.status === "closed") {
    throw conflict(`Verifications cannot be changed while the application is ${application.status}.`, [
      { field: "status", message: `is ${application.status}` },
    ]);
  }
  return application;
}

async function requireSource(tx: Tx, applicationId: string, body: { sourceId?: string | null; sourceType?: string | null }): Promise<void> {
  if (!body.sourceId) return;
  const where = { id: body.sourceId.toLowerCase(), applicationId };
  const found = body.sourceType === "income" ? await tx.income.findFirst({ where }) : await tx.applicationMember.findFirst({ where });
  if (!found)
    throw validationFailed([
      { field: "sourceId", message: `must name ${body.sourceType === "income" ? "an income record" : "a member"} of this application` },
    ]);
}

/** The obligations, written in one statement, each with its `created` event. */
async function insert(work: IntakeWork, applicationId: string, drafts: readonly Draft[]): Promise<Verification[]> {
  if (!drafts.length) return [];
  const created = await work.tx.verification.createManyAndReturn({ data: drafts.map((draft) => ({ ...draft, applicationId })) });
  await work.events.record(work.tx, ...created.map((row) => verificationChanges.created(row.id, verificationResource.snapshot(row))));
  return created;
}

export async function createVerification(
  work: IntakeWork,
  applicationId: string,
  body: Record<string, unknown>,
  access?: RecordAccess,
): Promise<Verification> {
  const application = await openApplication(work, applicationId, access);
  await requireSource(work.tx, application.id, body as { sourceId?: string; sourceType?: string });
  const columns = verificationResource.columnsOf(body) as Partial<Draft> & Pick<Draft, "category">;
  const [created] = await insert(work, application.id, [{ sourceId: null, sourceType: null, verificationType: "document", ...columns }]);
  return created!;
}

async function verificationOf(tx: Tx, id: string, applicationId?: string): Promise<Verification> {
  // No verification has an id, or belongs to an application, that is not a uuid: asking the database would only fail.
  const askable = isUuid(id) && (applicationId === undefined || applicationId === "" || isUuid(applicationId));
  const found = askable
    ? await tx.verification.findFirst({
        where: { id: id.toLowerCase(), ...(applicationId && { applicationId: applicationId.toLowerCase() }) },
      })
    : null;
  if (!found) throw notFound("Verification", id);
  return found;
}

export async function updateVerification(
  work: IntakeWork,
  applicationId: string,
  id: string,
  body: Record<string, unknown>,
  access?: RecordAccess,
): Promise<Verification> {
  const application = await openApplication(work, applicationId, access);
  const before = await verificationOf(work.tx, id, application.id);
  await requireSource(work.tx, application.id, { sourceId: before.sourceId, sourceType: before.sourceType, ...(body as object) });
  const after = await work.tx.verification.update({ where: { id: before.id }, data: verificationResource.columnsOf(body) });
  await work.events.record(
    work.tx,
    verificationChanges.updated(after.id, verificationResource.snapshot(before), verificationResource.snapshot(after)),
  );
  return after;
}

export async function deleteVerification(work: IntakeWork, applicationId: string, id: string, access?: RecordAccess): Promise<void> {
  const application = await openApplication(work, applicationId, access);
  const found = await verificationOf(work.tx, id, application.id);
  await work.tx.verification.delete({ where: { id: found.id } });
  await work.events.record(work.tx, verificationChanges.deleted(found.id));
}

export type VerificationAction = {
  id: string;
  applicationId?: string;
  action: string;
  caller: MachineCaller;
  body: unknown;
  access?: RecordAccess;
};

/** Runs a verification action under its application's lock (a verification is part of it), in the contract's order of checks. */
export async function transitionVerification(
  work: IntakeWork,
  { id, applicationId, action, caller, body, access }: VerificationAction,
): Promise<Verification> {
  const unlocked = await verificationOf(work.tx, id, applicationId);
  const application = await lockedApplication(work.tx, unlocked.applicationId);
  await access?.(application);
  const before = await verificationOf(work.tx, unlocked.id);
  const plan = await planTransition(verificationMachine, action, before, caller, body, {}, work.clock.now());
  // What the machine's effects return, as Prisma writes it (no effect sets a JSON column to null, which Prisma would refuse).
  const { id: _id, ...changes } = plan.changes as Prisma.VerificationUncheckedUpdateInput;
  const after = await work.tx.verification.update({ where: { id: before.id }, data: changes });
  await work.events.record(work.tx, ...intakeEvents.emitted(plan.emissions, before.id));
  return after;
}

/** How a refusal lists a verification a client could name: what it verifies and its state. */
const describeVerification = (found: Pick<Verification, "id" | "category" | "sourceType" | "sourceId" | "status">) =>
  `${found.id} (${found.category} of ${found.sourceType ? `${found.sourceType} ${found.sourceId}` : "the household"}, ${found.status})`;

export type ApplicationVerificationAction = Omit<VerificationAction, "id" | "applicationId"> & {
  applicationId: string;
  verificationId?: string;
};

/**
 * A verification action at its application's path, as the specification's table writes it, the
 * verification named in the body: one of the application's, else 422 listing those the action
 * applies to (after the application's 404 and the caller's 403). Answers the application.
 */
export async function transitionApplicationVerification(
  work: IntakeWork,
  { applicationId, verificationId, action, caller, body, access }: ApplicationVerificationAction,
): Promise<Application> {
  const application = await lockedApplication(work.tx, applicationId);
  await access?.(application);
  const parts = await work.tx.verification.findMany({
    where: { applicationId: application.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, status: true, category: true, sourceType: true, sourceId: true },
  });
  const chosen = choosePart({
    ...verificationsAtApplication,
    machine: verificationMachine,
    action,
    caller,
    named: verificationId,
    parts,
    parent: "application",
    describe: describeVerification,
  });
  await transitionVerification(work, { id: chosen.id, applicationId: application.id, action, caller, body });
  return application;
}

/** Whether the member applies for the program (a member naming no programs applies for the application's). */
const appliesFor = (member: { programsAppliedFor: string[] }, program: string) =>
  member.programsAppliedFor.length === 0 || member.programsAppliedFor.includes(program);

/**
 * The obligations a program places on what the application holds: each member's and income record's
 * electronic checks, the household's documents. One per category and source, whichever programs ask.
 */
export function obligationsFor(
  programs: readonly string[],
  members: readonly { id: string; programsAppliedFor: string[] }[],
  incomes: readonly { id: string; memberId: string }[],
  options: { household?: boolean } = { household: true },
): Draft[] {
  const drafts = new Map<string, Draft>();
  const add = (draft: Draft) => drafts.set(`${draft.category}:${draft.sourceType}:${draft.sourceId}`, draft);
  for (const program of programs) {
    const rules = programVerifications[program];
    if (!rules) continue;
    for (const member of members.filter((candidate) => appliesFor(candidate, program))) {
      for (const category of rules.member ?? [])
        add({ sourceId: member.id, sourceType: "member", category, verificationType: "electronic" });
      for (const income of incomes.filter((candidate) => candidate.memberId === member.id)) {
        for (const category of rules.income ?? [])
          add({ sourceId: income.id, sourceType: "income", category, verificationType: "electronic" });
      }
    }
    if (options.household)
      for (const category of rules.household ?? []) add({ sourceId: null, sourceType: null, category, verificationType: "document" });
  }
  return [...drafts.values()];
}

/** Submission's obligations: for every program applied for, over every member and income record (state-machines §2). */
export async function createProgramVerifications(work: IntakeWork, applicationId: string): Promise<Verification[]> {
  const application = await lockedApplication(work.tx, applicationId);
  const [members, incomes, existing] = await Promise.all([
    work.tx.applicationMember.findMany({ where: { applicationId: application.id }, select: { id: true, programsAppliedFor: true } }),
    work.tx.income.findMany({ where: { applicationId: application.id }, select: { id: true, memberId: true } }),
    work.tx.verification.findMany({
      where: { applicationId: application.id },
      select: { category: true, sourceType: true, sourceId: true },
    }),
  ]);
  const had = new Set(existing.map((row) => `${row.category}:${row.sourceType}:${row.sourceId}`));
  const drafts = obligationsFor(application.programs, members, incomes).filter(
    (draft) => !had.has(`${draft.category}:${draft.sourceType}:${draft.sourceId}`),
  );
  return insert(work, application.id, drafts);
}

/** A member or income added after submission brings its own obligations (not the household's, already there). */
export async function createVerificationsForAddition(
  work: IntakeWork,
  applicationId: string,
  addition: { memberId: string; incomeId?: string },
): Promise<Verification[]> {
  const application = await lockedApplication(work.tx, applicationId);
  if (["draft", "withdrawn", "closed"].includes(application.status)) return [];
  const member = await work.tx.applicationMember.findFirst({
    where: { id: addition.memberId, applicationId: application.id },
    select: { id: true, programsAppliedFor: true },
  });
  if (!member) return [];
  const incomes = addition.incomeId ? [{ id: addition.incomeId, memberId: member.id }] : [];
  const all = obligationsFor(application.programs, [member], incomes, { household: false });
  const wanted = addition.incomeId
    ? all.filter((draft) => draft.sourceType === "income")
    : all.filter((draft) => draft.sourceType === "member");
  const existing = await work.tx.verification.findMany({
    where: { applicationId: application.id, sourceId: { in: wanted.map((draft) => draft.sourceId!) } },
    select: { category: true, sourceId: true },
  });
  const had = new Set(existing.map((row) => `${row.category}:${row.sourceId}`));
  return insert(
    work,
    application.id,
    wanted.filter((draft) => !had.has(`${draft.category}:${draft.sourceId}`)),
  );
}
