/**
 * The master keys values are sealed with at rest (ENCRYPTION_KEYS): `id:base64key,...`, each key 32
 * random bytes (AES-256). The first one seals; every one listed unseals, so a deployment rotates by
 * putting a new key first, running `npm run keys:rotate`, and dropping the old one once nothing is
 * sealed under it. Parsing lives here, beside the setting's declaration, so the launcher refuses a
 * malformed list before anything starts.
 */

export type MasterKey = { id: string; key: Buffer };

/** A key id is stored with every sealed value: short, and free of the separators the sealed form uses. */
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const KEY_BYTES = 32;

/**
 * What `npm start` and the tests seal with when ENCRYPTION_KEYS is unset. It is public (it is in this
 * file), so values sealed with it are protected from nobody: a production start refuses it.
 */
export const DEVELOPMENT_ENCRYPTION_KEY_ID = "dev";
export const DEVELOPMENT_ENCRYPTION_KEYS = `${DEVELOPMENT_ENCRYPTION_KEY_ID}:${Buffer.from("pap-development-key-not-for-prod").toString("base64")}`;

/** The keys of an ENCRYPTION_KEYS value, the sealing one first; throws an Error saying what is wrong. */
export function parseEncryptionKeys(text: string): MasterKey[] {
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) throw new Error("must list at least one key as id:base64key");
  const keys = entries.map((entry) => {
    const at = entry.indexOf(":");
    const [id, encoded] = at < 0 ? [entry, ""] : [entry.slice(0, at), entry.slice(at + 1)];
    if (!KEY_ID.test(id))
      throw new Error(`needs each entry as id:base64key, the id of letters, digits, '-' or '_' (at most 32); got '${id}'`);
    const key = Buffer.from(encoded, "base64");
    // Buffer.from ignores what is not base64: a key that does not round-trip was mistyped.
    if (key.length !== KEY_BYTES || key.toString("base64").replace(/=+$/, "") !== encoded.replace(/=+$/, ""))
      throw new Error(`needs key '${id}' as 32 bytes in base64 (e.g. from \`openssl rand -base64 32\`)`);
    return { id, key };
  });
  const ids = new Set(keys.map((key) => key.id));
  if (ids.size !== keys.length) throw new Error("lists a key id twice");
  return keys;
}

/** Whether a list holds the public development key (by its id or its bytes). */
export function holdsDevelopmentKey(keys: readonly MasterKey[]): boolean {
  const [development] = parseEncryptionKeys(DEVELOPMENT_ENCRYPTION_KEYS);
  return keys.some((key) => key.id === DEVELOPMENT_ENCRYPTION_KEY_ID || key.key.equals(development!.key));
}
