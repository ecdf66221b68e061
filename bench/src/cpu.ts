import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

// CPU time as the kernel counts it (/proc), for figures per request: what a server spent, not what the
// machine's clock saw pass. Linux only; the suites that use it say so when /proc is missing.

/** Clock ticks per second of /proc's counters (100 on every Linux this runs on, but asked, not assumed). */
let ticksPerSecond: number | undefined;
const tickMs = () => 1000 / (ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100);

/** A process's stat fields after its name (which may hold spaces and parentheses): state is [0], pgrp [2], utime [11]. */
function statFields(pid: string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined; // exited between the listing and the read
  }
}

/**
 * CPU milliseconds (user + system, every thread) spent by the processes of a group: a server started
 * in a group of its own (spawnServer) and the children it forked, with what its exited children had
 * spent (cutime, cstime).
 */
export function groupCpuMs(groups: readonly number[]): number {
  const wanted = new Set(groups.map(String));
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const fields = statFields(pid);
    if (!fields || !wanted.has(fields[2]!)) continue;
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks * tickMs();
}

/** The whole machine's busy and total ticks since boot (/proc/stat's first line): the share of its cores in use over a window. */
export function machineTicks(): { busy: number; total: number } {
  const [, ...counters] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal (guest time is already in user and nice).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = counters.slice(0, 8).map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}
