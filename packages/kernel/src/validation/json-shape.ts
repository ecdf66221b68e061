import { badRequest, validationFailed, type ApiError } from "../errors";
import { positiveIntegerSetting } from "../settings";

/** How deeply a request body may nest objects and arrays (`REQUEST_MAX_DEPTH`, default 32). */
export const defaultMaxBodyDepth = 32;

export const maxBodyDepthFromEnv = (env: NodeJS.ProcessEnv = process.env) => positiveIntegerSetting(env.REQUEST_MAX_DEPTH, defaultMaxBodyDepth);

// A NUL cannot be stored in PostgreSQL text or jsonb, and a lone UTF-16 surrogate is not a character
// at all: neither can be kept, so both are refused before anything is written.
const unstorableText = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a piece of text cannot be stored, or undefined when it can. */
export function unstorableTextReason(text: string): string | undefined {
  const match = unstorableText.exec(text);
  if (!match) return undefined;
  return match[0] === "\u0000" ? "must not contain the NUL character (\\u0000)" : "must not contain an unpaired UTF-16 surrogate (invalid Unicode)";
}

const pathOf = (path: readonly (string | number)[]) => (path.length ? path.map(String).join(".") : "body");

/**
 * Checks a parsed JSON body before anything else walks it: no deeper than `maxDepth` (400), and no
 * text, key or value, that the database cannot store (422 naming the field). It walks with its own
 * stack, so a body nested far past the limit is refused rather than overflowing ours.
 */
export function unacceptableJson(body: unknown, maxDepth: number): ApiError | undefined {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  while (pending.length) {
    const { value, path } = pending.pop()!;
    if (typeof value === "string") {
      const reason = unstorableTextReason(value);
      if (reason) return validationFailed([{ field: pathOf(path), message: reason }], "The request body holds text that cannot be stored.");
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length >= maxDepth) {
      return badRequest(`The request body nests deeper than ${maxDepth} levels.`, [{ field: pathOf(path), message: `nests deeper than ${maxDepth} levels` }]);
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const keyReason = unstorableTextReason(key);
      if (keyReason) return validationFailed([{ field: pathOf(path), message: `has a field name that ${keyReason}` }], "The request body holds text that cannot be stored.");
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}
