import { PDFDocument, StandardFonts } from "pdf-lib";

/** A page cover for one printed copy: whom the envelope goes to, and which copy it is (the print room marks it printed by this id). */
export type MailingCover = { deliveryId: string; name: string; addressLines: string[] };

const LETTER: [number, number] = [612, 792];

/**
 * One PDF for the print room: for each copy, a mailing cover (the address in an envelope window's
 * place, the copy's id at the foot) and then the notice exactly as it was filed.
 */
export async function renderPrintBatch(copies: readonly { cover: MailingCover; notice: Uint8Array }[]): Promise<Buffer> {
  const batch = await PDFDocument.create();
  batch.setTitle("Print batch");
  batch.setCreator("Public assistance platform");
  const font = await batch.embedFont(StandardFonts.Helvetica);
  for (const { cover, notice } of copies) {
    const page = batch.addPage(LETTER);
    const lines = [cover.name, ...cover.addressLines];
    lines.forEach((line, index) => page.drawText(printable(line), { x: 72, y: 640 - index * 16, size: 12, font }));
    page.drawText(`Copy ${cover.deliveryId}`, { x: 72, y: 48, size: 8, font });
    const source = await PDFDocument.load(notice);
    for (const copied of await batch.copyPages(source, source.getPageIndices())) batch.addPage(copied);
  }
  if (copies.length === 0) batch.addPage(LETTER).drawText("Nothing waits to be printed.", { x: 72, y: 700, size: 12, font });
  return Buffer.from(await batch.save({ useObjectStreams: false }));
}

/** The standard fonts write Latin-1 (WinAnsi) only: a character outside it is shown as '?' rather than failing the whole batch. */
const printable = (text: string) => text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, "?");
