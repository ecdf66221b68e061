// A NUL cannot be stored in PostgreSQL text or jsonb, and a lone UTF-16 surrogate is not a character
// at all: neither can be kept, so both are refused before anything is written.
const unstorableText = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a piece of text cannot be stored, or undefined when it can. */
export function unstorableTextReason(text: string): string | undefined {
  const match = unstorableText.exec(text);
  if (!match) return undefined;
  return match[0] === "\u0000"
    ? "must not contain the NUL character (\\u0000)"
    : "must not contain an unpaired UTF-16 surrogate (invalid Unicode)";
}
