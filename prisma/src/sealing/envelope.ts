import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { MasterKey } from "@pap/core";

/**
 * Envelope encryption of one value, with node:crypto's AES-256-GCM. Each value gets a data key of its
 * own, random; the data key is sealed (wrapped) by a master key, and the sealed form names that
 * master key's id, so values sealed under several keys coexist and a rotation finds the old ones.
 *
 * A sealed value is one string: `pap:sealed:v1:<key id>:<base64url of wrap iv | wrapped data key |
 * wrap tag | iv | tag | ciphertext>`. The ciphertext is the value's JSON, so a number or an object
 * comes back as what it was. The header is authenticated with the data key's wrap (AAD): a value
 * whose key id was edited does not unseal.
 */

export const SEALED_PREFIX = "pap:sealed:v1:";

const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const DATA_KEY_BYTES = 32;

/** The master keys of a process: the first seals, all unseal. */
export type Keyring = { sealing: MasterKey; byId: ReadonlyMap<string, Buffer> };

export function keyringOf(keys: readonly MasterKey[]): Keyring {
  const [sealing] = keys;
  if (!sealing) throw new Error("a keyring needs at least one master key");
  return { sealing, byId: new Map(keys.map((key) => [key.id, key.key])) };
}

export const isSealed = (value: unknown): value is string => typeof value === "string" && value.startsWith(SEALED_PREFIX);

/** The id of the master key a sealed value was sealed under. */
export function sealedKeyId(sealed: string): string | undefined {
  if (!isSealed(sealed)) return undefined;
  const end = sealed.indexOf(":", SEALED_PREFIX.length);
  return end < 0 ? undefined : sealed.slice(SEALED_PREFIX.length, end);
}

function encrypt(key: Buffer, plain: Buffer, aad: Buffer): Buffer[] {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv).setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, body, cipher.getAuthTag()];
}

function decrypt(key: Buffer, iv: Buffer, body: Buffer, tag: Buffer, aad: Buffer): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, iv).setAAD(aad).setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/** `value` (any JSON value) sealed under the keyring's sealing key. */
export function sealValue(value: unknown, keyring: Keyring): string {
  const { id, key } = keyring.sealing;
  const header = Buffer.from(`${SEALED_PREFIX}${id}:`);
  const dataKey = randomBytes(DATA_KEY_BYTES);
  const [wrapIv, wrapped, wrapTag] = encrypt(key, dataKey, header);
  const [iv, ciphertext, tag] = encrypt(dataKey, Buffer.from(JSON.stringify(value), "utf8"), header);
  return `${header.toString()}${Buffer.concat([wrapIv!, wrapped!, wrapTag!, iv!, tag!, ciphertext!]).toString("base64url")}`;
}

/** The value a sealed string holds; throws when its key is not in the keyring or it was altered. */
export function unsealValue(sealed: string, keyring: Keyring): unknown {
  const id = sealedKeyId(sealed);
  if (id === undefined) throw new Error("not a sealed value");
  const key = keyring.byId.get(id);
  // Fail closed and say why: a value is never shown sealed, nor guessed at.
  if (!key) throw new Error(`a value is sealed under key '${id}', which ENCRYPTION_KEYS does not list`);
  const header = Buffer.from(`${SEALED_PREFIX}${id}:`);
  const payload = Buffer.from(sealed.slice(header.length), "base64url");
  let at = 0;
  const take = (bytes: number) => payload.subarray(at, (at += bytes));
  const wrapIv = take(IV_BYTES);
  const wrapped = take(DATA_KEY_BYTES);
  const wrapTag = take(TAG_BYTES);
  const iv = take(IV_BYTES);
  const tag = take(TAG_BYTES);
  const ciphertext = payload.subarray(at);
  const dataKey = decrypt(key, wrapIv, wrapped, wrapTag, header);
  return JSON.parse(decrypt(dataKey, iv, ciphertext, tag, header).toString("utf8"));
}
