import { parseBody } from "@pap/kernel/validation";
import { z } from "zod";
import { builder } from "../builder";
import { markPrinted } from "../operations/deliveries";
import { printBatch } from "../delivery/print-queue";
import { inTransaction } from "../operations/work";
import { noticeScope } from "./notice-scope";

const PrintBatchRef = builder
  .objectRef<{ key: string; fileName: string; sizeBytes: number; contentHash: string; copies: string[] }>("PrintBatch")
  .implement({
    description: "The paper copies waiting to be printed, as one PDF (each copy's mailing cover, then its notice as filed).",
    fields: (t) => ({
      copies: t.exposeStringList("copies", {
        description: "The ids of the copies in the batch, in print order: confirm them printed when they are.",
      }),
      fileName: t.exposeString("fileName"),
      sizeBytes: t.exposeInt("sizeBytes"),
      contentHash: t.exposeString("contentHash", { description: "The SHA-256 of the batch's bytes, in hex." }),
      key: t.exposeString("key", { description: "Where the batch's bytes are kept in the content store (REST streams them)." }),
    }),
  });

const PrintedRef = builder.objectRef<{ printed: string[]; alreadyDone: string[] }>("PrintConfirmation").implement({
  description: "What confirming copies printed did.",
  fields: (t) => ({
    printed: t.exposeStringList("printed", { description: "The copies now marked printed (sent)." }),
    alreadyDone: t.exposeStringList("alreadyDone", { description: "The copies that were already printed: nothing changed for them." }),
  }),
});

/** The copies a print confirmation names (`POST /communication/print-queue/printed` sends the same body). */
export const printedBody = z.strictObject({
  copies: z
    .array(z.guid({ message: "must be a copy's uuid" }))
    .min(1, "must name at least one copy")
    .max(500),
});

builder.queryFields((t) => ({
  printBatch: t.field({
    authScopes: { permission: "notices:print" },
    type: PrintBatchRef,
    description:
      "The paper copies waiting to be printed, oldest first (at most `limit`), rendered as one PDF; asking again before confirming gives the same batch.",
    args: { limit: t.arg.int({ description: "At most this many copies (1 to 500, default 100)." }) },
    resolve: async (_root, args, context) => printBatch(context, args.limit ?? 100, await noticeScope.condition(context)),
  }),
}));

builder.mutationFields((t) => ({
  confirmPrinted: t.field({
    authScopes: { permission: "notices:print" },
    type: PrintedRef,
    description:
      "Marks paper copies printed (and so sent): each copy's attempt is recorded, and a notice whose every copy went out is sent.",
    args: { copies: t.arg.idList({ required: true, description: "The copies printed: the ids the batch listed." }) },
    resolve: (_root, args, context) => {
      const { copies } = parseBody(printedBody, { copies: args.copies.map(String) });
      return inTransaction(context, (work) =>
        markPrinted(
          work,
          copies.map((id) => id.toLowerCase()),
        ),
      );
    },
  }),
}));
