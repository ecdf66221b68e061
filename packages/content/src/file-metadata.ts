/*
 * A client's file name and type are kept only as data: shown back to people, offered as a download
 * name. Nothing is ever looked up or written under them, but they still must not carry a path, or
 * characters that would let a name disguise itself when shown.
 */

const maxNameLength = 255;
const fallbackName = "upload";
// C0 and C1 controls, and the bidirectional overrides that can make "exe.pdf" display as "fdp.exe".
const hidden = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The last segment of whatever path the client sent (some send "C:\\Users\\me\\form.pdf"), without
 * hidden characters, at most 255 characters; "upload" when nothing is left.
 */
export function safeFileName(name: string | undefined): string {
  const lastSegment =
    (name ?? "")
      .split(/[\\/]/)
      .filter((segment) => segment.trim() !== "")
      .pop() ?? "";
  const visible = lastSegment.replace(hidden, "").replace(loneSurrogate, "\uFFFD").normalize("NFC").trim();
  // Counted in code points, so the cap never splits a character in two.
  const capped = Array.from(visible).slice(0, maxNameLength).join("").trim();
  return capped === "" || capped === "." || capped === ".." ? fallbackName : capped;
}

const token = "[A-Za-z0-9!#$&^_.+-]+";
const mediaType = new RegExp(`^${token}/${token}(\\s*;\\s*${token}=(${token}|"[^"\\\\\\r\\n]*"))*$`);

/** The client's media type when it is one (type/subtype, parameters allowed), else application/octet-stream. */
export function safeMimeType(type: string | undefined): string {
  const trimmed = (type ?? "").trim();
  if (trimmed.length > 255 || !mediaType.test(trimmed)) return "application/octet-stream";
  const [essence = "", ...parameters] = trimmed.split(";");
  return [essence.toLowerCase(), ...parameters.map((parameter) => parameter.trim())].join("; ");
}
