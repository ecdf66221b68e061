import { authTypes, isTraceparent, JSON_CONTENT_TYPE, SPEC_VERSION } from "@pap/events";
import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";

const uuid = z.uuid({ message: "must be a uuid" });

/**
 * An entry of the platform log, declared once: a CloudEvents 1.0 envelope. A published event must
 * carry every required attribute (SPEC §4.1 POST /events); optional ones are checked when present and
 * unknown ones refused, so the log only holds envelopes of the platform's own shape. Events are never
 * changed or removed, so every attribute is written once, on publishing.
 */
export const event = defineResource({
  name: "Event",
  plural: "events",
  model: "PlatformEvent",
  description: "One entry of the permanent platform log: a CloudEvents 1.0 envelope describing a change in some domain.",
  fields: {
    id: { kind: "uuid", write: "create", required: true, input: uuid },
    specversion: {
      kind: "string",
      write: "create",
      required: true,
      input: z.literal(SPEC_VERSION, { message: `must be "${SPEC_VERSION}"` }),
    },
    type: {
      kind: "string",
      write: "create",
      required: true,
      input: z
        .string()
        .regex(/^[A-Za-z0-9_.-]+$/, "must be {domain}.{entity}.{action}")
        .max(300),
      description: "{domain}.{entity}.{action}, with the deployment's prefix.",
      search: true,
      sort: true,
    },
    source: {
      kind: "string",
      write: "create",
      required: true,
      input: z
        .string()
        .regex(/^\/[A-Za-z0-9_/.-]*$/, "must be the producing domain's base path, e.g. /intake")
        .max(300),
      description: "Base path of the producing domain.",
      search: true,
      sort: true,
    },
    subject: { kind: "uuid", write: "create", required: true, input: uuid, description: "Id of the entity the event concerns." },
    time: {
      kind: "datetime",
      write: "create",
      required: true,
      input: z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" }),
      // Events of one instant keep the order they were recorded in (their log position), not their ids'
      // random order; in the moments before the sequencer numbers them, their insertion order.
      filter: { sortBy: ["time", "position", "insertion"] },
      sort: true,
    },
    datacontenttype: {
      kind: "string",
      write: "create",
      required: true,
      input: z.literal(JSON_CONTENT_TYPE, { message: `must be "${JSON_CONTENT_TYPE}"` }),
    },
    // The log holds `[redacted]` where a sensitive value was: reading an event reads none.
    data: { kind: "jsonValue", nullable: true, write: "create", input: z.record(z.string(), z.unknown()), filter: false, audited: false },
    traceparent: { kind: "string", nullable: true, write: "create", input: z.string().refine(isTraceparent, "must be a W3C traceparent") },
    traceid: {
      kind: "string",
      nullable: true,
      visibility: "graph",
      resolvedBy: "schema",
      description: "The trace-id part of traceparent.",
    },
    causationid: {
      kind: "uuid",
      nullable: true,
      write: "create",
      input: uuid,
      description: "Id of the event that directly caused this one.",
    },
    authid: {
      kind: "string",
      nullable: true,
      write: "create",
      input: z.string().min(1).max(200),
      description: "The acting principal's id (no personal data).",
    },
    authtype: { kind: "string", nullable: true, write: "create", input: z.enum(authTypes), description: "The acting principal's kind." },
    position: {
      kind: "string",
      nullable: true,
      visibility: "graph",
      resolvedBy: "schema",
      description:
        "Place in the log (decimal): given in commit order a few milliseconds after the event commits, and only ever increasing. Resume a stream after it. Null until given.",
    },
  },
  // The log's own bookkeeping: the order rows were inserted in (positions are given by it) and when.
  storedOnly: ["insertion", "recordedAt"],
  list: { defaultSort: "time" },
});

/** The body of `POST /events`: the envelope as it is to be recorded. */
export const publishedEventBody = event.createBody;
