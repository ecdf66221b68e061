import { badRequest, validationFailed, type ApiError, readSetting, unstorableTextReason } from "@pap/core";

/** How deeply a request body may nest objects and arrays (`REQUEST_MAX_DEPTH`, default 32). */
export const maxBodyDepthFromEnv = (env: NodeJS.ProcessEnv = process.env) => readSetting("REQUEST_MAX_DEPTH", env);

export const defaultMaxBodyDepth = maxBodyDepthFromEnv({});

/** A place in the body being walked; the field path is rebuilt from the parents only when a refusal needs it. */
type Place = { value: unknown; key?: string | number; depth: number; parent?: Place };

function pathOf(place: Place): string {
  const keys: (string | number)[] = [];
  for (let at: Place | undefined = place; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.length ? keys.reverse().join(".") : "body";
}

const cannotStore = (field: string, message: string) =>
  validationFailed([{ field, message }], "The request body holds text that cannot be stored.");

/**
 * Checks a parsed JSON body before anything else walks it: no deeper than `maxDepth` (400), and no
 * text, key or value, that the database cannot store (422 naming the field). It walks with its own
 * stack, so a body nested far past the limit is refused rather than overflowing ours; every body
 * passes through here, so it allocates one small record per object or string and nothing per path.
 */
export function unacceptableJson(body: unknown, maxDepth: number): ApiError | undefined {
  const pending: Place[] = [{ value: body, depth: 0 }];
  while (pending.length) {
    const place = pending.pop()!;
    const { value, depth } = place;
    if (typeof value === "string") {
      const reason = unstorableTextReason(value);
      if (reason) return cannotStore(pathOf(place), reason);
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= maxDepth) {
      return badRequest(`The request body nests deeper than ${maxDepth} levels.`, [
        { field: pathOf(place), message: `nests deeper than ${maxDepth} levels` },
      ]);
    }
    // Numbers, booleans and nulls need no look: only text and containers go on the stack.
    const visit = (key: string | number, item: unknown) => {
      if (typeof item === "string" || (item !== null && typeof item === "object"))
        pending.push({ value: item, key, depth: depth + 1, parent: place });
    };
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(index, item));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const keyReason = unstorableTextReason(key);
      if (keyReason) return cannotStore(pathOf(place), `has a field name that ${keyReason}`);
      visit(key, item);
    }
  }
  return undefined;
}
