import { execFileSync } from "node:child_process";

/** A PDF's text as poppler's `pdftotext` reads it (Debian's poppler-utils), runs of white space made single spaces. */
export const pdfText = (pdf: Uint8Array): string =>
  execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8").replace(/\s+/g, " ");
