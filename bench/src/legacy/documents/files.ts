import { createHash, randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";

export const MiB = 1024 * 1024;

/** A file the run wrote, with what a download of it must hash to. */
export type SourceFile = { path: string; bytes: number; sha256: string };

/**
 * The run's directory, made now and removed when the process exits (however it exits: the single
 * session's Ctrl-C handler ends the process itself, so an `exit` hook is the one place sure to run).
 */
export async function workspace(directory: string): Promise<{ content: string; sources: string; copies: string; remove(): Promise<void> }> {
  const content = path.join(directory, "content");
  const sources = path.join(directory, "sources");
  const copies = path.join(directory, "copies");
  for (const folder of [content, sources, copies]) await mkdir(folder, { recursive: true });
  process.once("exit", () => rmSync(directory, { recursive: true, force: true }));
  return { content, sources, copies, remove: () => rm(directory, { recursive: true, force: true }) };
}

/**
 * Random bytes, a new file each time: clamd caches the verdict of content it has already judged (by
 * hash), so a second upload of the same bytes would measure its cache, not a scan. Synced before it is
 * measured, so writing it back does not land on the copy or upload that follows.
 */
export async function writeSource(file: string, bytes: number): Promise<SourceFile> {
  const hash = createHash("sha256");
  const handle = await open(file, "wx");
  try {
    for (let written = 0; written < bytes; ) {
      const chunk = randomBytes(Math.min(MiB, bytes - written));
      hash.update(chunk);
      await handle.write(chunk);
      written += chunk.length;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { path: file, bytes, sha256: hash.digest("hex") };
}

/** The filesystem holding `directory`, as /proc/mounts names it: the floor and the store must share it. */
export function filesystemOf(directory: string): string {
  try {
    const mounts = readFileSync("/proc/mounts", "utf8")
      .split("\n")
      .map((line) => line.split(" "))
      .filter((fields) => fields.length > 2 && (directory === fields[1] || directory.startsWith(fields[1] === "/" ? "/" : `${fields[1]}/`)));
    const longest = mounts.sort((a, b) => b[1]!.length - a[1]!.length)[0];
    return longest ? `${longest[2]} (${longest[0]} on ${longest[1]})` : "unknown";
  } catch {
    return "unknown (no /proc/mounts)";
  }
}
