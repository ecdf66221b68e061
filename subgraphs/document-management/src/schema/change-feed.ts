import { badRequest, isUuid } from "@pap/core";
import { filtered, type JsonValue } from "@pap/kernel/graphql";
import { builder } from "../builder";
import { documentManagementEvents } from "../domain/events";
import { DocumentRef } from "./document";
import { documentScope, reachableDocument } from "./document-scope";

const read = { $any: { permission: "documents:read", $all: { permission: "documents:read:own" } } };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The document an event of this domain concerns: its subject, or the `documentId` a version's event names. */
const documentIdOf = (event: { subject: string; data?: unknown }) => {
  const named = isRecord(event.data) ? event.data.documentId : undefined;
  return isUuid(named) ? named.toLowerCase() : isUuid(event.subject) ? event.subject.toLowerCase() : undefined;
};

const EventRef = builder.externalRef("Event", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id(), source: t.string(), subject: t.id(), data: t.field({ type: "JSON", nullable: true }) }),
  fields: (t) => ({
    document: t.field({
      authScopes: read,
      type: DocumentRef,
      nullable: true,
      description:
        "The document this event concerns, when it is one of the document-management domain's events about a document or its versions.",
      requires: builder.selection<{ source: string; subject: string; data?: JsonValue }>("source subject data"),
      resolve: (event, _args, context) => {
        const id = event.source === documentManagementEvents.source ? documentIdOf(event) : undefined;
        return id ? reachableDocument(context, id) : null;
      },
    }),
  }),
});

/** A document's own events: filed, changed, linked, each lifecycle move, each version uploaded (its timers and accesses left out). */
const isDocumentChange = (type: string) => type.includes(".document.") || type.endsWith(".document_version.uploaded");

builder.subscriptionField("documentChanged", (t) =>
  t.field({
    authScopes: { permission: "documents:subscribe" },
    type: EventRef,
    description:
      "Every change of a document (or of the one with `id`) as it commits: filed, a new version, its title or metadata, linked, retained, held, released, pending disposition, destroyed; select `document { … }` for it as it is now.",
    args: { id: t.arg.id() },
    subscribe: async (_root, args, context) => {
      const id = args.id?.toString().toLowerCase();
      if (id !== undefined && !isUuid(id)) throw badRequest("Invalid 'id' argument.", [{ field: "id", message: "must be a uuid" }]);
      const events = await context.hub.subscribe({ source: documentManagementEvents.source });
      return filtered(events, async ({ event }) => {
        if (!isDocumentChange(event.type)) return false;
        const documentId = documentIdOf(event);
        if (id !== undefined && documentId !== id) return false;
        // A confined caller hears only of documents within reach, judged as each change arrives.
        return documentId !== undefined && (await documentScope.idInReach(context, documentId));
      });
    },
    resolve: (logged) => ({ id: logged.event.id }),
  }),
);
