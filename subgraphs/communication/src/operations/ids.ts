import { createHash, randomUUID } from "node:crypto";

/**
 * A UUID that the same name always gives (the hash's bytes with the version and variant bits of a
 * name-based UUID): a notice issued again by a redelivered event gets the same id, and its rendered
 * bytes land on the same content key.
 */
export function uuidFromName(name: string): string {
  const bytes = createHash("sha256").update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const noticeIdFor = (origin: string | null | undefined) => (origin ? uuidFromName(`notice:${origin}`) : randomUUID());
export const documentVersionIdFor = (noticeId: string) => uuidFromName(`notice-document:${noticeId}`);
