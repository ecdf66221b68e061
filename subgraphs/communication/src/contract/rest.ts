import {
  answeredBy,
  crudRoutes,
  declareRoute,
  machineActionRoutes,
  readArgument,
  type RestRequest,
  queryFieldArguments,
  type RestResponse,
  type RestRoute,
} from "@pap/kernel/rest";
import { validationFailed } from "@pap/core";
import { z } from "zod";
import { noticeMachine } from "../domain/notice-machine";
import { noticeStatuses, noticeTypes } from "../domain/vocabulary";
import { notice } from "./notice";

const tag = "Communication";
const notices = "/communication/notices";
const printQueue = "/communication/print-queue";

const batch = z.object({
  key: z.string(),
  fileName: z.string(),
  sizeBytes: z.number(),
  contentHash: z.string(),
  copies: z.array(z.string()),
});

/** The batch's bytes, streamed from the content store; the copies it holds, in print order, in `Print-Batch-Copies`. */
function batchAnswer(result: unknown): RestResponse {
  const { key, fileName, sizeBytes, contentHash, copies } = result as z.infer<typeof batch>;
  return {
    status: 200,
    headers: { "print-batch-copies": copies.join(","), "cache-control": "no-store" },
    content: { key, fileName, mimeType: "application/pdf", sizeBytes, contentHash },
  };
}

/** `GET /communication/print-queue`: the paper copies waiting, as one PDF to print. */
const getPrintBatch = declareRoute({
  method: "GET",
  path: printQueue,
  operationId: "getPrintBatch",
  summary:
    "Download the paper copies waiting to be printed as one PDF (each copy's mailing cover, then its notice as filed); the copies' ids, in print order, are in the Print-Batch-Copies header",
  tag,
  operation: "query",
  field: "printBatch",
  args: [
    queryFieldArguments(
      { limit: { kind: "integer", description: "At most this many copies (1 to 500, default 100)." } },
      "Invalid print queue parameters.",
    ),
  ],
  result: batch,
  answer: answeredBy(batchAnswer),
  docs: { successStatus: 200, errorStatuses: [400, 401, 403, 422], binary: true },
});

/** The body's copies, checked here so that a malformed body is the envelope's 422, not the graph's refusal of a variable. */
function copiesOf(request: RestRequest): string[] {
  const body = request.body as { copies?: unknown } | undefined;
  const unknown = Object.keys(body ?? {}).filter((key) => key !== "copies");
  const copies = body?.copies;
  if (unknown.length || !Array.isArray(copies) || !copies.every((copy) => typeof copy === "string"))
    throw validationFailed([
      ...(!Array.isArray(copies) || !copies.every((copy) => typeof copy === "string")
        ? [{ field: "copies", message: "is required: the ids of the copies printed, as the batch listed them" }]
        : []),
      ...unknown.map((field) => ({ field, message: "is not a field of a print confirmation (send only 'copies')" })),
    ]);
  return copies;
}

/** `POST /communication/print-queue/printed`: the print room confirms copies printed. */
const confirmPrinted = declareRoute({
  method: "POST",
  path: `${printQueue}/printed`,
  operationId: "confirmPrinted",
  summary:
    "Confirm paper copies printed (body: copies, the ids the batch listed): each is recorded sent, and notices whose every copy went out are sent",
  tag,
  operation: "mutation",
  field: "confirmPrinted",
  args: [readArgument("copies", "[ID!]!", copiesOf)],
  result: z.object({ printed: z.array(z.string()), alreadyDone: z.array(z.string()) }),
  answer: answeredBy((result) => ({ status: 200, body: result })),
  docs: { successStatus: 200, errorStatuses: [400, 401, 403, 404, 409, 422] },
});

/** The communication domain: notices, their actions, and the print room's queue. */
export const communicationRoutes: RestRoute[] = [
  ...crudRoutes({
    resource: notice,
    tag,
    collectionPath: notices,
    idParam: "noticeId",
    only: ["list", "get", "create"],
    filters: [
      { name: "applicationId", values: "uuid", description: "Only the notices of this application." },
      { name: "status", values: noticeStatuses, description: "Only the notices in this status." },
      { name: "type", values: noticeTypes, description: "Only the notices of this type." },
    ],
    summaries: {
      create:
        "Issue a notice by hand (composed from the records it names, rendered to PDF in the household's language, filed as a document of the application, a copy queued per recipient and channel)",
    },
  }),
  ...machineActionRoutes({ machine: noticeMachine, resource: notice, tag, itemPaths: [`${notices}/{noticeId}`], idParam: "noticeId" }),
  getPrintBatch,
  confirmPrinted,
];
