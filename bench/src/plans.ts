import { readFileSync } from "node:fs";
import type pg from "pg";

// How PostgreSQL runs the statements the platform sends: each read explained with its own values, and
// as the plan a prepared statement settles on (the platform's reads are prepared: after five runs
// PostgreSQL may plan once for any values), so a plan that only looks good for one value still shows.

/** A statement as the platform sent it, from the statement log (bench/src/statement-log-process.ts). */
export type Statement = { sql: string; params: unknown[] };

/** Whether a statement reads or writes `table` (by name, quoted or not, schema-qualified or not). */
export const mentions = (sql: string, table: string) =>
  new RegExp(`\\b(FROM|JOIN|INTO|UPDATE)\\s+("?public"?\\.)?"?${table}"?(\\s|$|,|\\))`, "i").test(sql);

/** The log's statements from line `from` on: those one request sent, when `from` was its length before the request. */
export function loggedStatements(file: string, from: number): Statement[] {
  const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
  return lines.slice(from).map((line) => JSON.parse(line) as Statement);
}
export const loggedCount = (file: string) => readFileSync(file, "utf8").split("\n").filter(Boolean).length;

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Total Cost": number;
  Plans?: PlanNode[];
};

/** What a plan check found for one statement: its top node, the scans under it, its estimated cost, sequential scans of the tables watched. */
export type PlanFinding = {
  sql: string;
  planned: "for its values" | "prepared";
  top: string;
  scans: string[];
  cost: number;
  seqScans: string[];
};

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

const describe = (node: PlanNode) =>
  [node["Node Type"], node["Index Name"] && `using ${node["Index Name"]}`, node["Relation Name"] && `on ${node["Relation Name"]}`]
    .filter(Boolean)
    .join(" ");

function findingOf(statement: Statement, planned: PlanFinding["planned"], plan: PlanNode, watched: readonly string[]): PlanFinding {
  const nodes = nodesOf(plan);
  return {
    sql: statement.sql,
    planned,
    top: describe(plan),
    scans: [...new Set(nodes.filter((node) => node["Relation Name"] || node["Index Name"]).map(describe))],
    cost: plan["Total Cost"],
    seqScans: nodes
      .filter((node) => node["Node Type"] === "Seq Scan" && watched.includes(node["Relation Name"] ?? ""))
      .map((node) => node["Relation Name"]!),
  };
}

const planOf = (rows: Record<string, unknown>[]) => (rows[0]!["QUERY PLAN"] as { Plan: PlanNode }[])[0]!.Plan;

/** A value as a literal for EXECUTE (the statement log holds what the driver sent: strings, numbers, arrays). */
function literal(client: pg.ClientBase, value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value))
    return client.escapeLiteral(`{${value.map((item) => `"${String(item).replace(/["\\]/g, "\\$&")}"`).join(",")}}`);
  return client.escapeLiteral(typeof value === "object" ? JSON.stringify(value) : String(value));
}

let prepared = 0;

/**
 * Each read of `statements` (SELECT or WITH; writes such as the audit trail's are not what a list
 * costs) explained twice: planned for its values, and prepared, after the six runs that let
 * PostgreSQL settle on a generic plan. Sequential scans are counted only over `watched` tables.
 */
export async function checkPlans(
  client: pg.ClientBase,
  statements: readonly Statement[],
  watched: readonly string[],
): Promise<PlanFinding[]> {
  const findings: PlanFinding[] = [];
  for (const statement of statements.filter((candidate) => /^\s*(SELECT|WITH)\b/i.test(candidate.sql))) {
    const custom = await client.query(`EXPLAIN (FORMAT JSON) ${statement.sql}`, statement.params);
    findings.push(findingOf(statement, "for its values", planOf(custom.rows), watched));
    const name = `bench_plan_${++prepared}`;
    const values = statement.params.map((value) => literal(client, value)).join(", ");
    const execute = `EXECUTE ${name}${values ? `(${values})` : ""}`;
    await client.query(`PREPARE ${name} AS ${statement.sql}`);
    try {
      for (let run = 0; run < 6; run++) await client.query(execute);
      const settled = await client.query(`EXPLAIN (FORMAT JSON) ${execute}`);
      findings.push(findingOf(statement, "prepared", planOf(settled.rows), watched));
    } finally {
      await client.query(`DEALLOCATE ${name}`);
    }
  }
  return findings;
}
