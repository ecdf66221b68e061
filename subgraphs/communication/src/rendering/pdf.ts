import PDFDocument from "pdfkit";
import type { ComposedNotice } from "../domain/compose";

const MARGIN = 64;

type Pdf = InstanceType<typeof PDFDocument>;

/** The notice's own pages: title, heading lines, sections (headings, paragraphs, bulleted items). */
function layOut(pdf: Pdf, notice: ComposedNotice): void {
  pdf.font("Helvetica-Bold").fontSize(16).text(notice.title);
  pdf.moveDown(0.5);
  pdf.font("Helvetica").fontSize(10);
  for (const line of notice.lines) pdf.text(line);
  pdf.moveDown();
  pdf.fontSize(11);
  for (const section of notice.sections) {
    if (section.heading) pdf.font("Helvetica-Bold").text(section.heading).font("Helvetica").moveDown(0.25);
    for (const paragraph of section.paragraphs) pdf.text(paragraph).moveDown(0.5);
    if (section.items?.length) pdf.list(section.items, { bulletRadius: 2, textIndent: 12 }).moveDown(0.5);
  }
}

/** Collects a pdfkit document's bytes; pdfkit's own timestamps are fixed, so the same notice renders to the same bytes. */
function collect(build: (pdf: Pdf) => void, title: string, language: string): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    lang: language,
    info: { Title: title, Creator: "Public assistance platform", CreationDate: new Date(0), ModDate: new Date(0) },
    autoFirstPage: true,
  });
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
    build(pdf);
    pdf.end();
  });
}

/** A notice as a PDF, as it is filed and attached to email. */
export function renderNoticePdf(notice: ComposedNotice): Promise<Buffer> {
  return collect((pdf) => layOut(pdf, notice), notice.title, notice.language);
}
