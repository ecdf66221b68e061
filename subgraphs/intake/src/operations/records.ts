import { isUuid, notFound, validationFailed } from "@pap/core";
import type { Application, Prisma } from "@pap/db";
import type { ApplicationRecordKind, ReferenceTarget } from "../contract/records";
import { recordChanges } from "../domain/events";
import { referenceProblems, type KnownIds } from "../domain/references";
import { inverseRelationships } from "../domain/relationships";
import { requireChangeable } from "../domain/access";
import { lockedApplication } from "./applications";
import { recordTable } from "./record-table";
import type { StoredRecord } from "./stored-record";
import type { IntakeWork } from "./work";

export type { StoredRecord } from "./stored-record";

type Tx = Prisma.TransactionClient;
const delegateOf = (tx: Tx, kind: ApplicationRecordKind) => recordTable(tx, kind.delegate);

/** Who may write: the request's caller is checked against the application (a reaction runs as the system and skips it). */
export type RecordAccess = (application: Application) => Promise<void>;

/**
 * The application a write to its records opens: under its lock, the caller allowed to change it, and
 * it still changeable (`what` names the records in the 409).
 */
export async function changingApplication(
  work: IntakeWork,
  applicationId: string,
  what: string,
  access?: RecordAccess,
  options: WriteOptions = {},
): Promise<Application> {
  const found = await lockedApplication(work.tx, applicationId);
  await access?.(found);
  if (!options.anyState) requireChangeable(found, what);
  return found;
}

const changing = (work: IntakeWork, applicationId: string, kind: ApplicationRecordKind, access?: RecordAccess, options?: WriteOptions) =>
  changingApplication(work, applicationId, `Its ${kind.segment.replace(/-/g, " ")}`, access, options);

/** `anyState`: a reaction's write (the interview made when review begins) is not held to the states a caller's is. */
export type WriteOptions = { anyState?: boolean };

const delegates: Record<ReferenceTarget, string> = {
  member: "applicationMember",
  contact: "applicationContact",
  organization: "organization",
  job: "job",
  healthPlan: "healthPlan",
};

/** The ids of the application's records of each kind, each read once and only when a reference needs it. */
function knownIds(tx: Tx, applicationId: string): KnownIds {
  const cache = new Map<ReferenceTarget, Promise<ReadonlySet<string>>>();
  return (target) => {
    if (!cache.has(target)) {
      const delegate = recordTable(tx, delegates[target]);
      cache.set(
        target,
        delegate.findMany({ where: { applicationId }, select: { id: true } }).then((rows) => new Set(rows.map((row) => row.id))),
      );
    }
    return cache.get(target)!;
  };
}

/** Refuses (422) a body that names a member, person or record not on this application. */
async function requireReferences(
  tx: Tx,
  application: Application,
  kind: ApplicationRecordKind,
  body: Record<string, unknown>,
): Promise<void> {
  const rules = [...(kind.aboutMember ? [{ path: "memberId", kind: "id", target: "member" } as const] : []), ...(kind.references ?? [])];
  const problems = await referenceProblems(body, rules, knownIds(tx, application.id));
  if (problems.length) throw validationFailed(problems, "The record names someone or something that is not on this application.");
}

const subjectOf = (kind: ApplicationRecordKind, record: StoredRecord) =>
  kind.eventSubject === "member" && record.memberId ? record.memberId : record.applicationId;

async function recordOf(tx: Tx, kind: ApplicationRecordKind, applicationId: string, id: string): Promise<StoredRecord> {
  const found = isUuid(id) ? await delegateOf(tx, kind).findFirst({ where: { id, applicationId } }) : null;
  if (!found) throw notFound(kind.resource.name, id);
  return found;
}

/** A record's reverse relationship, when it has one, kept in step with it (resources.md: both directions stored). */
async function keepReverse(work: IntakeWork, kind: ApplicationRecordKind, record: StoredRecord): Promise<StoredRecord> {
  if (kind.event !== "person_relationship") return record;
  const delegate = delegateOf(work.tx, kind);
  const reverseTypes = inverseRelationships(record.relationshipTypes as string[]);
  const existing = record.reverseId ? await delegate.findFirst({ where: { id: record.reverseId } }) : null;
  const events = recordChanges(kind.event);
  if (!reverseTypes.length) {
    if (existing) {
      await delegate.delete({ where: { id: existing.id } });
      await work.events.record(work.tx, events.deleted(record.applicationId, existing.id));
    }
    return existing ? delegate.update({ where: { id: record.id }, data: { reverseId: null } }) : record;
  }
  const data = { from: record.to, to: record.from, relationshipTypes: reverseTypes, reverseId: record.id };
  if (existing) {
    const after = await delegate.update({ where: { id: existing.id }, data });
    await work.events.record(
      work.tx,
      events.updated(record.applicationId, existing.id, kind.resource.snapshot(existing), kind.resource.snapshot(after)),
    );
    return record;
  }
  const reverse = await delegate.create({ data: { ...data, applicationId: record.applicationId } });
  await work.events.record(work.tx, events.created(record.applicationId, kind.resource.snapshot(reverse)));
  return delegate.update({ where: { id: record.id }, data: { reverseId: reverse.id } });
}

export async function createRecord(
  work: IntakeWork,
  kind: ApplicationRecordKind,
  applicationId: string,
  body: Record<string, unknown>,
  access?: RecordAccess,
): Promise<StoredRecord> {
  const application = await changing(work, applicationId, kind, access);
  await requireReferences(work.tx, application, kind, body);
  const created = await delegateOf(work.tx, kind).create({ data: { ...kind.resource.columnsOf(body), applicationId: application.id } });
  await work.events.record(work.tx, recordChanges(kind.event).created(subjectOf(kind, created), kind.resource.snapshot(created)));
  return keepReverse(work, kind, created);
}

export async function updateRecord(
  work: IntakeWork,
  kind: ApplicationRecordKind,
  applicationId: string,
  id: string,
  body: Record<string, unknown>,
  access?: RecordAccess,
): Promise<StoredRecord> {
  const application = await changing(work, applicationId, kind, access);
  const before = await recordOf(work.tx, kind, application.id, id);
  await requireReferences(work.tx, application, kind, body);
  const after = await delegateOf(work.tx, kind).update({ where: { id: before.id }, data: kind.resource.columnsOf(body) });
  await work.events.record(
    work.tx,
    recordChanges(kind.event).updated(subjectOf(kind, after), after.id, kind.resource.snapshot(before), kind.resource.snapshot(after)),
  );
  return keepReverse(work, kind, after);
}

export async function deleteRecord(
  work: IntakeWork,
  kind: ApplicationRecordKind,
  applicationId: string,
  id: string,
  access?: RecordAccess,
): Promise<void> {
  const application = await changing(work, applicationId, kind, access);
  const found = await recordOf(work.tx, kind, application.id, id);
  const delegate = delegateOf(work.tx, kind);
  await delegate.delete({ where: { id: found.id } });
  await work.events.record(work.tx, recordChanges(kind.event).deleted(subjectOf(kind, found), found.id));
  const reverse = typeof found.reverseId === "string" ? await delegate.findFirst({ where: { id: found.reverseId } }) : null;
  if (reverse) {
    await delegate.delete({ where: { id: reverse.id } });
    await work.events.record(work.tx, recordChanges(kind.event).deleted(subjectOf(kind, reverse), reverse.id));
  }
}

/** A singleton's PATCH: changes the application's one record of the kind, creating it on the first write. */
export async function writeSingleton(
  work: IntakeWork,
  kind: ApplicationRecordKind,
  applicationId: string,
  body: Record<string, unknown>,
  access?: RecordAccess,
  options: WriteOptions = {},
): Promise<StoredRecord> {
  const application = await changing(work, applicationId, kind, access, options);
  await requireReferences(work.tx, application, kind, body);
  const delegate = delegateOf(work.tx, kind);
  const before = await delegate.findFirst({ where: { applicationId: application.id } });
  if (!before) {
    const created = await delegate.create({ data: { ...kind.resource.columnsOf(body), applicationId: application.id } });
    await work.events.record(work.tx, recordChanges(kind.event).created(application.id, kind.resource.snapshot(created)));
    return created;
  }
  const after = await delegate.update({ where: { id: before.id }, data: kind.resource.columnsOf(body) });
  await work.events.record(
    work.tx,
    recordChanges(kind.event).updated(application.id, after.id, kind.resource.snapshot(before), kind.resource.snapshot(after)),
  );
  return after;
}
