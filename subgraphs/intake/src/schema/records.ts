import { notFound } from "@pap/core";
import { loadByUuid } from "@pap/kernel/graphql";
import type { FieldMap, ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import type { IntakeContext } from "../context";
import { applicationRecords, type ApplicationRecordKind } from "../contract/records";
import { recordTable } from "../operations/record-table";
import { createRecord, deleteRecord, updateRecord, writeSingleton, type StoredRecord } from "../operations/records";
import { inTransaction } from "../operations/work";
import { ApplicationRef } from "./application";
import { mayChange, pageOfApplication, readableApplication } from "./application-scope";
import { AppointmentRef } from "./links";

/** Read with the application: whoever may read it (an applicant: their own) reads its records. */
const readScopes = { $any: { permission: "applications:read", $all: { permission: "applications:read:own" } } };
const writeScopes = { $any: { permission: "applications:update", $all: { permission: "applications:update:own" } } };

/** Each kind's object type, by its GraphQL name. */
export const recordRefs = new Map<string, ObjectRef<Types, StoredRecord>>();

/** The fields a kind's schema adds to what its declaration gives (links to other domains' records). */
type RecordLinks = (t: PothosSchemaTypes.ObjectFieldBuilder<Types, StoredRecord>) => FieldMap;

/** The object type, and the link from the application to its records of the kind. */
function recordType(kind: ApplicationRecordKind, links: RecordLinks = () => ({})): ObjectRef<Types, StoredRecord> {
  const { resource } = kind;
  const ref = builder.objectRef<StoredRecord>(resource.name).implement({
    description: resource.declaration.description,
    authScopes: readScopes,
    fields: (t) => t.declaredFields(resource.declaration.fields, links(t)),
  });
  recordRefs.set(resource.name, ref);
  return ref;
}

function collection(kind: ApplicationRecordKind): void {
  const ref = recordType(kind);
  const { resource } = kind;
  builder.objectField(ApplicationRef, resource.plural, (t) =>
    t.field({
      type: [ref],
      description: `The application's ${kind.segment.replace(/-/g, " ")}, in the order they were added.`,
      resolve: (application, _args, context) => context.records(kind.delegate).byApplication.load(application.id),
    }),
  );
  builder.graphCrud({
    resource,
    ref,
    permissions: "applications",
    actions: { get: "read", list: "read", create: "update", update: "update", delete: "update" },
    ownRecords: true,
    parent: { arg: "applicationId", of: (found: StoredRecord) => found.applicationId },
    load: async (id, context) => {
      const found = await loadByUuid(context.records(kind.delegate).byId, id);
      return found && (await readableApplication(context, found.applicationId)) ? found : null;
    },
    page: (args, context, applicationId) =>
      pageOfApplication(context, applicationId, resource.listSpec, args, recordTable(context.db, kind.delegate)),
    create: (body, context, applicationId) =>
      inTransaction(context, (work) => createRecord(work, kind, applicationId, body, mayChange(context))),
    update: (id, body, context, applicationId) =>
      inTransaction(context, (work) => updateRecord(work, kind, applicationId, id, body, mayChange(context))),
    delete: (id, context, applicationId) =>
      inTransaction(context, (work) => deleteRecord(work, kind, applicationId, id, mayChange(context))),
    descriptions: {
      create: `Adds a ${resource.name} record to the application, while it is a draft or under review (409 otherwise).`,
      delete: `Removes the ${resource.name} record, while the application is a draft or under review; returns the id deleted.`,
    },
  });
}

/** A singleton: `Application.<name>`, a root field by application id, and an update that creates it on first write. */
function singleton(kind: ApplicationRecordKind, links?: RecordLinks): void {
  const ref = recordType(kind, links);
  const { resource } = kind;
  const named = kind.segment.replace(/-/g, " ");
  const label = `the application's ${named}`;
  const load = async (context: IntakeContext, applicationId: string) =>
    (await context.records(kind.delegate).byApplication.load(applicationId))[0] ?? null;
  builder.objectField(ApplicationRef, resource.single, (t) =>
    t.field({
      type: ref,
      nullable: true,
      description: `The application's ${named} (null until first written).`,
      resolve: (application, _args, context) => load(context, application.id),
    }),
  );
  builder.graphSingleton({
    resource,
    ref,
    parentArg: "applicationId",
    readScopes,
    writeScopes,
    label,
    descriptions: { update: `Changes ${label}, creating it on the first write (while the application is a draft or under review).` },
    load: async (applicationId, context) => {
      const parent = await readableApplication(context, applicationId);
      if (!parent) throw notFound("Application", applicationId);
      return load(context, parent.id);
    },
    write: (applicationId, body, context) =>
      inTransaction(context, (work) => writeSingleton(work, kind, applicationId, body, mayChange(context))),
  });
}

/** Links a record's declaration leaves to the schema: the interview's appointments, owned by scheduling. */
const linksOf: Record<string, RecordLinks> = {
  interview: (t) => ({
    scheduledAppointments: t.field({
      type: [AppointmentRef],
      description: "The appointments scheduled for the interview.",
      resolve: (found) => (found.appointments as string[]).map((id) => ({ id })),
    }),
  }),
};

for (const kind of applicationRecords) {
  if (kind.singleton) singleton(kind, linksOf[kind.event]);
  else collection(kind);
}
