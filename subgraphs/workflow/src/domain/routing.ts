/**
 * What routing knows of the work: the programs of the application it concerns, when it concerns one
 * (else the task's own programType), the county it belongs to, and whether it is expedited.
 */
export type RoutingFacts = {
  programType: string | null;
  applicationPrograms?: readonly string[] | null;
  county?: string | null;
  isExpedited?: boolean | null;
};

/** A routing rule of the deployment's configuration: every condition it states must hold. */
export type RoutingRule = {
  queue: string;
  when: { programs?: readonly string[]; counties?: readonly string[]; expedited?: boolean };
};

/** The rules in order (the first that matches wins), and the queue of work no rule matches. */
export type RoutingTable = { rules: readonly RoutingRule[]; defaultQueue: string };

/** A queue as routing sees it. */
export type RoutableQueue = { id: string; name: string; county: string | null };

const programsOf = (facts: RoutingFacts): readonly string[] => facts.applicationPrograms ?? (facts.programType ? [facts.programType] : []);

/**
 * Whether a rule's conditions hold. `programs` holds when the work concerns at least one program and
 * every one of them is in the list (a household applying for SNAP and Medicaid is not SNAP-only work);
 * `counties` when the work's county is listed; `expedited` when the work's urgency is the one named.
 */
export function ruleMatches(rule: RoutingRule, facts: RoutingFacts): boolean {
  const { programs, counties, expedited } = rule.when;
  if (programs) {
    const concerned = programsOf(facts);
    if (!concerned.length || !concerned.every((program) => programs.includes(program))) return false;
  }
  if (counties && !(facts.county && counties.includes(facts.county))) return false;
  if (expedited !== undefined && (facts.isExpedited === true) !== expedited) return false;
  return true;
}

/** The first rule that matches the work, or null (the default queue then). */
export const matchingRule = (facts: RoutingFacts, table: RoutingTable): RoutingRule | null =>
  table.rules.find((rule) => ruleMatches(rule, facts)) ?? null;

/**
 * The queue a task goes to, of those there are: the first matching rule's, else the default. A rule
 * that does not name counties picks a kind of queue, and a county with queues of its own made through
 * the API keeps its work (the one whose name begins with the routed name, `snap-intake-alameda`, else
 * the county's first). A queue that no longer exists routes to the default; null when that is gone too.
 */
export function routedQueue(facts: RoutingFacts, table: RoutingTable, queues: readonly RoutableQueue[]): RoutableQueue | null {
  const rule = matchingRule(facts, table);
  const byName = (name: string) => queues.find((queue) => queue.name === name);
  const name = rule && byName(rule.queue) ? rule.queue : table.defaultQueue;
  if (!rule?.when.counties && facts.county) {
    const county = queues.filter((queue) => queue.county === facts.county);
    if (county.length) return county.find((queue) => queue.name.startsWith(name)) ?? county[0]!;
  }
  return byName(name) ?? null;
}

/** The queue names routing may send work to, to read from the database with a county's own queues. */
export const routableNames = (table: RoutingTable): string[] => [
  ...new Set([...table.rules.map((rule) => rule.queue), table.defaultQueue]),
];

/** The contract's setPriority: expedited work is priority 1, the rest normal (3). */
export const routinePriority = (task: { isExpedited: boolean }) => (task.isExpedited ? 1 : 3);
