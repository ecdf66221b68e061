import { validationFailed } from "@pap/core";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { CommunicationContext } from "../context";
import type { Destination } from "../domain/recipients";
import { documentVersionIdFor, uuidFromName } from "../operations/ids";
import { renderPrintBatch, type MailingCover } from "../rendering/print-batch";
import type { Prisma } from "@pap/db";

const coverOf = (deliveryId: string, destination: Destination): MailingCover => {
  if (destination.channel !== "paper") return { deliveryId, name: "", addressLines: [] };
  const { address } = destination;
  return {
    deliveryId,
    name: destination.name,
    addressLines: [address.addressLine1, address.addressLine2, `${address.city}, ${address.state} ${address.zip}`].filter(
      (line): line is string => Boolean(line?.trim()),
    ),
  };
};

/**
 * The print room's batch: the paper copies waiting, oldest first, within the caller's counties, each
 * as its mailing cover and its notice exactly as filed, in one PDF kept in the content store under a
 * key the batch's copies name (asking again before they are confirmed gives the same batch and key).
 */
export async function printBatch(context: CommunicationContext, limit: number, inReach: Prisma.NoticeWhereInput) {
  if (!Number.isInteger(limit) || limit < 1 || limit > 500)
    throw validationFailed([{ field: "limit", message: "must be a whole number from 1 to 500" }]);
  const copies = await context.db.noticeDelivery.findMany({
    where: { status: "pending", channel: "paper", notice: inReach },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true, noticeId: true, destination: true },
  });
  const { store } = context.issuing();
  const printable: { cover: MailingCover; notice: Uint8Array }[] = [];
  for (const copy of copies) {
    const stored = await store.open(documentVersionIdFor(copy.noticeId));
    if (stored) printable.push({ cover: coverOf(copy.id, copy.destination as Destination), notice: await buffer(stored) });
  }
  const ids = printable.map((copy) => copy.cover.deliveryId);
  const key = uuidFromName(`print-batch:${ids.join(",")}`);
  const saved = await store.put(key, Readable.from([await renderPrintBatch(printable)]));
  return { key, fileName: `print-batch-${context.clock.now().toISOString().slice(0, 10)}.pdf`, copies: ids, ...saved };
}
