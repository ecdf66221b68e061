import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The pid of the platform server this process spawned. startMode keeps its child to itself, and in
 * single mode that child is the whole server, so the one child of ours running gateway/dist/main.js
 * is the process whose memory to read. Linux only, as /proc is.
 */
export function platformPid(repositoryRoot: string): number {
  const main = path.join(repositoryRoot, "gateway", "dist", "main.js");
  const ours = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const parent = /^PPid:\s*(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
        return Number(parent) === process.pid && readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(main);
      } catch {
        // exited while being looked at, or not ours to read
        return false;
      }
    });
  if (ours.length !== 1) throw new Error(`expected one platform process spawned by ${process.pid}, found ${ours.length}`);
  return ours[0]!;
}

/** Resident set size in KiB, as the kernel accounts it (what an orchestrator's memory limit counts). */
export function rssKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = /^VmRSS:\s*(\d+)\s*kB$/m.exec(status)?.[1];
  if (!kib) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kib);
}
