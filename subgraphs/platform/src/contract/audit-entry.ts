import { defineResource } from "@pap/kernel/resource";

/**
 * An entry of the audit trail of sensitive reads, declared once: read-only, written by the platform
 * whenever a caller is given an SSN, a date of birth, an income amount or a document's bytes. One
 * entry holds one request's reads of records of one type (a page of members is one entry).
 */
export const auditEntry = defineResource({
  name: "AuditEntry",
  plural: "auditEntries",
  model: "AuditEntry",
  description:
    "Sensitive fields of records of one type given to one caller in one request: who, when, which records, which fields of each, from which request.",
  fields: {
    id: { kind: "uuid" },
    occurredAt: { kind: "datetime", sort: true, description: "When the fields were read." },
    actorId: { kind: "string", nullable: true, description: "Who read them: a user's or service's id, `system` for the platform itself." },
    actorKind: {
      kind: "enum",
      values: ["user", "service_account", "api_key", "system", "unauthenticated"],
      enumName: "AuditActorKind",
      description: "What kind of caller read them.",
    },
    actorRoles: { kind: "string", list: true, description: "The roles the caller held." },
    recordType: {
      kind: "string",
      sort: true,
      description: "The records' type in the graph (`ApplicationMember`, `Person`, `Income`, `DocumentVersion` …).",
    },
    recordIds: {
      kind: "string",
      list: true,
      description: "The records read, by id: `recordId:<id>` finds every entry that read one.",
    },
    fields: {
      kind: "string",
      list: true,
      description: "The sensitive fields read, as paths (`personalInformation.ssn`, `amount`, `content`), across the records.",
    },
    readings: {
      kind: "json",
      description: 'Per record id, the fields read of it: `{ "<id>": ["personalInformation.ssn"] }`.',
    },
    traceId: { kind: "string", nullable: true, description: "The W3C trace id of the request: its events carry the same." },
    channel: {
      kind: "enum",
      values: ["graph", "agency"],
      enumName: "AuditChannel",
      description:
        "`graph`: through the API (REST, GraphQL, search, document bytes); `agency`: sent to an agency by a data-exchange adapter.",
    },
  },
  // `recordId:<id>`: the entries that read a record, however many others each read beside it.
  list: { defaultSort: "-occurredAt", extra: { recordId: { kind: "tags", column: "recordIds" } } },
});
