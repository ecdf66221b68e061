import { isDeepStrictEqual } from "node:util";
import { authorization } from "../auth";
import type { GatewayScenario, GraphqlCall } from "./queries";

/**
 * Before anything is measured, both gateways must give the same answer to the same request (and a
 * correct one): a faster gateway that drops a field or a hop would otherwise win on a wrong result.
 */
export async function checkSameAnswers(scenario: GatewayScenario, calls: GraphqlCall[], bases: { ours: string; hive: string }): Promise<number> {
  // The first, the last and a spread between: every call the load sends is too many to compare up front.
  const picks = [...new Set([0, calls.length - 1, ...Array.from({ length: 8 }, (_, index) => Math.floor((index * calls.length) / 8))])].map((index) => calls[index]!);
  for (const call of picks) {
    const [ours, hive] = await Promise.all([ask(bases.ours, call), ask(bases.hive, call)]);
    for (const [name, answer] of [["ours", ours], ["hive", hive]] as const) {
      if (answer.errors) throw new Error(`${scenario.id}: ${name} answered with errors: ${JSON.stringify(answer.errors).slice(0, 500)}`);
      try {
        scenario.check(answer.data);
      } catch (error) {
        throw new Error(`${scenario.id}: ${name}: ${(error as Error).message}`);
      }
    }
    if (!isDeepStrictEqual(ours.data, hive.data)) {
      throw new Error(`${scenario.id}: the gateways' answers differ at ${firstDifference(ours.data, hive.data, "data")}`);
    }
  }
  return picks.length;
}

async function ask(base: string, call: GraphqlCall): Promise<{ data?: unknown; errors?: unknown }> {
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...authorization },
    body: JSON.stringify(call),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  try {
    return JSON.parse(text) as { data?: unknown; errors?: unknown };
  } catch {
    throw new Error(`${base} answered ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
}

function firstDifference(left: unknown, right: unknown, at: string): string {
  if (isDeepStrictEqual(left, right)) return "";
  if (left && right && typeof left === "object" && typeof right === "object") {
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    for (const key of keys) {
      const inner = firstDifference((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key], Array.isArray(left) ? `${at}[${key}]` : `${at}.${key}`);
      if (inner) return inner;
    }
  }
  return `${at}: ours ${JSON.stringify(left)?.slice(0, 200)}, hive ${JSON.stringify(right)?.slice(0, 200)}`;
}
