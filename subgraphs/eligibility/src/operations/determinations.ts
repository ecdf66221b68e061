import { ApiError, isUuid, notFound } from "@pap/core";
import { choosePart, planTransition, type MachineCaller } from "@pap/kernel/state-machine";
import { findLocked, type Decision, type Determination, type Prisma } from "@pap/db";
import { decision as decisionResource, type EligibilityProgram } from "../contract/decision";
import { determination as determinationResource } from "../contract/determination";
import { decisionMachine, decisionsAtDetermination } from "../domain/decision-machine";
import { determinationMachine } from "../domain/determination-machine";
import { eligibilityEvents } from "../domain/events";
import type { EligibilityWork } from "./work";

/** The eligibility domain's writes, each with its events; resolvers and reactions only call these. */

type Tx = Prisma.TransactionClient;

/** The determination under its row lock (the parent of every decision written with it), or a 404. */
export async function lockedDetermination(tx: Tx, id: string): Promise<Determination> {
  const found = isUuid(id)
    ? await findLocked(tx, "eligibility_determination", id.toLowerCase(), () =>
        tx.determination.findUnique({ where: { id: id.toLowerCase() } }),
      )
    : null;
  if (!found) throw notFound("Determination", id);
  return found;
}

/** A member's programs, as the submission names them. */
export type MemberPrograms = { memberId: string; programs: readonly EligibilityProgram[] };

/**
 * The determination of a submitted application, `pending`, with one pending decision per member and
 * program the member applies for, each with its `created` event. Idempotent: an application that has
 * one already keeps it (its decisions too), so a redelivered submission writes nothing.
 */
export async function createDetermination(
  work: EligibilityWork,
  input: { applicationId: string; expeditedFlagged: boolean; county?: string | null; members: readonly MemberPrograms[] },
): Promise<Determination | null> {
  const applicationId = input.applicationId.toLowerCase();
  const inserted = await work.tx.determination.createManyAndReturn({
    data: [{ applicationId, expeditedFlagged: input.expeditedFlagged, county: input.county ?? null }],
    skipDuplicates: true,
  });
  const created = inserted[0];
  if (!created) return null;
  await work.events.record(work.tx, eligibilityEvents.draft("determination.created", created.id, determinationResource.snapshot(created)));
  const wanted = input.members.flatMap(({ memberId, programs }) =>
    [...new Set(programs)].map((program) => ({ determinationId: created.id, applicationId, memberId: memberId.toLowerCase(), program })),
  );
  if (wanted.length) {
    const decisions = await work.tx.decision.createManyAndReturn({ data: wanted });
    await work.events.record(
      work.tx,
      ...decisions.map((row) => eligibilityEvents.draft("decision.created", row.id, decisionResource.snapshot(row))),
    );
  }
  return created;
}

export type DeterminationAction = { id: string; action: string; caller: MachineCaller; body: unknown };

/** Runs a determination action under its row lock, in the platform's order of checks; the change and its events commit together. */
export async function transitionDetermination(
  work: EligibilityWork,
  { id, action, caller, body }: DeterminationAction,
): Promise<Determination> {
  const before = await lockedDetermination(work.tx, id);
  const undecided = await work.tx.decision.count({ where: { determinationId: before.id, status: "pending" } });
  const plan = await planTransition(determinationMachine, action, { ...before, undecided }, caller, body, {}, work.clock.now());
  // What the machine's effects return, as Prisma writes it (no effect sets a JSON column to null, which Prisma would refuse).
  const { id: _id, undecided: _undecided, ...changes } = plan.changes as Prisma.DeterminationUncheckedUpdateInput & { undecided?: number };
  const after = await work.tx.determination.update({ where: { id: before.id }, data: changes });
  await work.events.record(work.tx, ...eligibilityEvents.emitted(plan.emissions, before.id));
  return after;
}

async function decisionOf(tx: Tx, id: string, determinationId?: string): Promise<Decision> {
  const within =
    determinationId === undefined
      ? {}
      : { determinationId: isUuid(determinationId) ? determinationId.toLowerCase() : "00000000-0000-0000-0000-000000000000" };
  const found = isUuid(id) ? await tx.decision.findFirst({ where: { id: id.toLowerCase(), ...within } }) : null;
  if (!found) throw notFound("Decision", id);
  return found;
}

/** A withdrawn determination's decisions are not made any more. */
function refuseWithdrawn(parent: Determination, action: string): void {
  if (parent.status === "withdrawn") {
    throw new ApiError(409, "CONFLICT", `Cannot ${action}: the determination is withdrawn.`, [
      { field: "status", message: "the determination is withdrawn" },
    ]);
  }
}

export type DecisionAction = { id: string; determinationId?: string; action: string; caller: MachineCaller; body: unknown };

/**
 * Runs a decision action under its determination's lock (a decision is part of it). The first
 * decision made moves a pending determination to `in_progress` in the same transaction.
 */
export async function transitionDecision(
  work: EligibilityWork,
  { id, determinationId, action, caller, body }: DecisionAction,
): Promise<Decision> {
  const unlocked = await decisionOf(work.tx, id, determinationId);
  const parent = await lockedDetermination(work.tx, unlocked.determinationId);
  const before = await decisionOf(work.tx, unlocked.id);
  refuseWithdrawn(parent, action);
  const plan = await planTransition(decisionMachine, action, before, caller, body, {}, work.clock.now());
  // What the machine's effects return, as Prisma writes it (no effect sets a JSON column to null, which Prisma would refuse).
  const { id: _id, ...changes } = plan.changes as Prisma.DecisionUncheckedUpdateInput;
  const after = await work.tx.decision.update({ where: { id: before.id }, data: changes });
  if (parent.status === "pending") await work.tx.determination.update({ where: { id: parent.id }, data: { status: "in_progress" } });
  await work.events.record(work.tx, ...eligibilityEvents.emitted(plan.emissions, before.id));
  return after;
}

export type DeterminationDecisionAction = Omit<DecisionAction, "id" | "determinationId"> & { determinationId: string; decisionId?: string };

/**
 * A decision action at its determination's path, as the specification's table writes it (§4.6): the
 * decision the body names, or, named none, the determination's one decision the action applies to;
 * when there is not exactly one, 422 listing them (after the determination's 404 and 409 and the
 * caller's 403). Answers the determination, which the first decision made moves to `in_progress`.
 */
export async function transitionDeterminationDecision(
  work: EligibilityWork,
  { determinationId, decisionId, action, caller, body }: DeterminationDecisionAction,
): Promise<Determination> {
  const parent = await lockedDetermination(work.tx, determinationId);
  refuseWithdrawn(parent, action);
  const parts = await work.tx.decision.findMany({ where: { determinationId: parent.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const describe = (decision: Decision) => `${decision.id} (${decision.program} for member ${decision.memberId}, ${decision.status})`;
  const chosen = choosePart({
    ...decisionsAtDetermination,
    machine: decisionMachine,
    action,
    caller,
    named: decisionId,
    parts,
    parent: "determination",
    describe,
  });
  await transitionDecision(work, { id: chosen.id, determinationId: parent.id, action, caller, body });
  return lockedDetermination(work.tx, parent.id);
}
