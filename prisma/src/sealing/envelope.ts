import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { MasterKey } from "@pap/core";
import { dataKeyDefaults, DataKeys, type DataKeyOptions } from "./data-keys";

/**
 * Envelope encryption of one value, with node:crypto's AES-256-GCM. A value is encrypted with a random
 * data key, shared by the values a process seals until it draws the next (see data-keys.ts); the data
 * key is sealed (wrapped) by a master key, and the sealed form names that master key's id, so values
 * sealed under several keys coexist and a rotation finds the old ones.
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
/**
 * The wrapped data key's share of the payload, in base64url characters: wrap iv, wrapped key and wrap
 * tag are 60 bytes, a multiple of 3, so they encode on their own to the payload's first 80 characters.
 */
const WRAPPED_CHARACTERS = ((IV_BYTES + DATA_KEY_BYTES + TAG_BYTES) / 3) * 4;

/** A master key with the header its values start with: as text, and as the bytes authenticated with each value. */
type HeldKey = MasterKey & { header: string; aad: Buffer };

/** The master keys of a process: the first seals, all unseal; and the data keys it seals and unseals with. */
export type Keyring = { sealing: HeldKey; byId: ReadonlyMap<string, HeldKey>; dataKeys: DataKeys };

const held = (key: MasterKey): HeldKey => {
  const header = `${SEALED_PREFIX}${key.id}:`;
  return { ...key, header, aad: Buffer.from(header) };
};

export function keyringOf(keys: readonly MasterKey[], options: Partial<DataKeyOptions> = {}): Keyring {
  const byId = new Map(keys.map((key) => [key.id, held(key)]));
  const sealing = keys[0] && byId.get(keys[0].id);
  if (!sealing) throw new Error("a keyring needs at least one master key");
  const draw = () => {
    const key = randomBytes(DATA_KEY_BYTES);
    const [wrapIv, wrapped, wrapTag] = encrypt(sealing.key, key, sealing.aad);
    return { key, wrapped: Buffer.concat([wrapIv!, wrapped!, wrapTag!]).toString("base64url") };
  };
  return { sealing, byId, dataKeys: new DataKeys(draw, { ...dataKeyDefaults, ...options }) };
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
  const { header, aad } = keyring.sealing;
  const dataKey = keyring.dataKeys.forSealing();
  const [iv, ciphertext, tag] = encrypt(dataKey.key, Buffer.from(JSON.stringify(value), "utf8"), aad);
  return `${header}${dataKey.wrapped}${Buffer.concat([iv!, tag!, ciphertext!]).toString("base64url")}`;
}

/** The data key a sealed value's wrapped key holds, opened with the master key it names. */
function unwrapDataKey(sealed: string, master: HeldKey, valueStart: number): Buffer {
  const wrap = Buffer.from(sealed.slice(master.header.length, valueStart), "base64url");
  const wrapTagStart = IV_BYTES + DATA_KEY_BYTES;
  return decrypt(master.key, wrap.subarray(0, IV_BYTES), wrap.subarray(IV_BYTES, wrapTagStart), wrap.subarray(wrapTagStart), master.aad);
}

/** The value a sealed string holds; throws when its key is not in the keyring or it was altered. */
export function unsealValue(sealed: string, keyring: Keyring): unknown {
  const id = sealedKeyId(sealed);
  if (id === undefined) throw new Error("not a sealed value");
  const master = keyring.byId.get(id);
  // Fail closed and say why: a value is never shown sealed, nor guessed at.
  if (!master) throw new Error(`a value is sealed under key '${id}', which ENCRYPTION_KEYS does not list`);
  const valueStart = master.header.length + WRAPPED_CHARACTERS;
  // The header and the wrapped key together: the same characters under another key id unwrap to nothing.
  const wrapped = sealed.slice(0, valueStart);
  const dataKey = keyring.dataKeys.remembered(wrapped) ?? keyring.dataKeys.remember(wrapped, unwrapDataKey(sealed, master, valueStart));
  const payload = Buffer.from(sealed.slice(valueStart), "base64url");
  const iv = payload.subarray(0, IV_BYTES);
  const tag = payload.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const ciphertext = payload.subarray(IV_BYTES + TAG_BYTES);
  return JSON.parse(decrypt(dataKey, iv, ciphertext, tag, master.aad).toString("utf8"));
}
