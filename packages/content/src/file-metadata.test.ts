import { safeFileName, safeMimeType } from "./file-metadata";

describe("a client's file name", () => {
  it.each([
    ["report.pdf", "report.pdf"],
    ["C:\\Users\\me\\Documents\\W-2 2025.pdf", "W-2 2025.pdf"],
    ["../../etc/passwd", "passwd"],
    ["folder/", "folder"],
    ["  spaced out.txt  ", "spaced out.txt"],
    ["tab\there\r\n.txt", "tabhere.txt"],
    ["invoice\u202Efdp.exe", "invoicefdp.exe"],
    ["", "upload"],
    ["/", "upload"],
    ["..", "upload"],
    ["\u0000\u0001", "upload"],
    ["Déclaration d’impôts.pdf", "Déclaration d’impôts.pdf"],
  ])("%j is kept as %j", (given, kept) => {
    expect(safeFileName(given)).toBe(kept);
  });

  it("is capped at 255 characters, never splitting one", () => {
    expect(safeFileName("a".repeat(300))).toBe("a".repeat(255));
    const emoji = safeFileName(`${"a".repeat(254)}😀😀`);
    expect(Array.from(emoji)).toHaveLength(255);
    expect(emoji.endsWith("😀")).toBe(true);
  });
});

describe("a client's media type", () => {
  it.each([
    ["application/pdf", "application/pdf"],
    ["Image/JPEG", "image/jpeg"],
    ["text/plain; charset=UTF-8", "text/plain; charset=UTF-8"],
    ["", "application/octet-stream"],
    ["pdf", "application/octet-stream"],
    ["text/html\r\nX-Injected: 1", "application/octet-stream"],
    ["a/b/c", "application/octet-stream"],
  ])("%j is kept as %j", (given, kept) => {
    expect(safeMimeType(given)).toBe(kept);
  });
});
