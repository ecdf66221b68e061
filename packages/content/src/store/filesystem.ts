import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { ContentDigest } from "./digest";
import { checkRange, storeKey, type ContentStore } from "./store";

/**
 * Bytes as files under `directory`, sharded by the key's first two characters so that no single
 * directory grows to hold every document.
 */
export function filesystemStore(directory: string): ContentStore {
  const incoming = join(directory, ".incoming");
  const shardOf = (key: string) => join(directory, key.slice(0, 2));
  const pathOf = (key: string) => join(shardOf(key), key);

  return {
    kind: "filesystem",

    async put(key, content, options = {}) {
      const canonical = storeKey(key);
      const shard = shardOf(canonical);
      const target = pathOf(canonical);
      await mkdir(incoming, { recursive: true });
      // A name of its own per attempt: two puts to one key never write into each other's temporary.
      const temporary = join(incoming, randomUUID());
      const digest = new ContentDigest(options.maxBytes);
      let renamed = false;
      try {
        // `wx`: never adopt a file someone else created; `flush`: fsync before close, so the bytes
        // are on disk before the rename can make them visible.
        await pipeline(content, digest, createWriteStream(temporary, { flags: "wx", flush: true }));
        const createdShard = await mkdir(shard, { recursive: true });
        await rename(temporary, target);
        renamed = true;
        // The rename is durable only once the directory holding the new entry is, and a shard made
        // just now only once the store's directory records it.
        await syncDirectory(shard);
        if (createdShard !== undefined) await syncDirectory(directory);
      } catch (error) {
        await rm(renamed ? target : temporary, { force: true });
        throw error;
      }
      return digest.result();
    },

    async open(key, range) {
      const path = pathOf(storeKey(key));
      if (range) checkRange(range);
      // Opening first, then streaming from the descriptor, means a delete between the two cannot turn
      // an answer of "here are the bytes" into a failing stream.
      const handle = await open(path, "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      });
      return handle?.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await rm(pathOf(storeKey(key)), { force: true });
    },

    async has(key) {
      const found = await stat(pathOf(storeKey(key))).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      });
      return found?.isFile() ?? false;
    },
  };
}

async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
