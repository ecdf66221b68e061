import { floorClient } from "./delivery";
import type { EventResults } from "./report";

/**
 * What the event spine is asked to do (issue 15, goal 5): every live reader receives an event within
 * 20 ms of its commit (p99) while 1,000 events a second are committed, and 10,000 idle SSE streams fit
 * in 1 GiB of server memory. Reported beside the figures, not enforced: on a shared two-core machine a
 * noisy neighbour can move a tail latency by more than any change to the platform.
 */
export const deliveryP99GoalMs = 20;
export const idleRssGoalKiB = 1024 * 1024;

export type GoalCheck = { goal: string; measured: string; met: boolean };

export function goalChecks(results: EventResults): GoalCheck[] {
  const checks: GoalCheck[] = [];
  const clients = results.delivery.value?.clients ?? [];
  // The floor is the comparison, not a reader the goal is about: its p99 stands beside each of ours.
  const floor = clients.find((client) => client.client === floorClient);
  for (const client of clients) {
    if (client === floor) continue;
    const beside = floor ? ` (floor ${floor.p99.toFixed(1)} ms; ours / floor ${(client.p99 / floor.p99).toFixed(2)})` : "";
    checks.push({
      goal: `${client.client}: commit-to-receipt p99 ≤ ${deliveryP99GoalMs} ms at ${results.delivery.value!.targetRate} events/s`,
      measured: `${client.p99.toFixed(1)} ms${beside}`,
      met: client.p99 <= deliveryP99GoalMs,
    });
  }
  const idle = results.idle.value;
  if (idle) {
    checks.push({
      goal: `${idle.connections} idle SSE streams: server RSS ≤ ${idleRssGoalKiB / 1024 / 1024} GiB`,
      measured: `${(idle.open / 1024).toFixed(0)} MiB`,
      met: idle.open <= idleRssGoalKiB,
    });
  }
  return checks;
}
