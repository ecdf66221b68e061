// The Grafana dashboard and Prometheus alert rules of deploy/observability/ (issue 34): promtool accepts
// the rules and their unit tests of behaviour, and every series the dashboard and the rules query is
// one a running platform exports, with the labels they select, group by and show, so neither file can drift
// from the code. The platform runs with rate limits on and a database refusal of the test's own, so
// the rare series (429s, server faults) have samples too.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { parse } from "yaml";
import type { RunningPlatform } from "@pap/gateway";
import { adminHeaders } from "../support/auth";
import { openSse, openStream, startPlatformOn } from "../support/live";
import { createTestDatabase } from "../support/platform";
import { labelValues, scrapeUntil, total, type Sample } from "../support/prometheus";

const folder = path.join(__dirname, "../../deploy/observability");
const read = (file: string) => readFileSync(path.join(folder, file), "utf8");
const run = promisify(execFile);

type Rule = { alert: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
const rules: Rule[] = (parse(read("alerts.yml")) as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules);

type Grid = { h: number; w: number; x: number; y: number };
type Panel = {
  id: number;
  type: string;
  title: string;
  gridPos: Grid;
  datasource?: unknown;
  targets?: { expr: string; legendFormat?: string }[];
  panels?: Panel[];
};
type Variable = { name: string; type: string; query: string | { query: string }; datasource?: unknown };
const dashboard = JSON.parse(read("dashboard.json")) as { panels: Panel[]; templating: { list: Variable[] } };
const allPanels = (panels: Panel[]): Panel[] => panels.flatMap((panel) => [panel, ...allPanels(panel.panels ?? [])]);
const variables = dashboard.templating.list;
const variableQuery = (variable: Variable) => (typeof variable.query === "string" ? variable.query : variable.query.query);

/**
 * Every PromQL expression of both files (the panels' queries, the template variables', the rules'), with
 * the labels shown of its answer: in a panel's legend (`{{label}}`), in an alert's annotations (`$labels.label`).
 */
const labelsIn = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map(([, label]) => label!);
const expressions: { expr: string; shows: string[] }[] = [
  ...allPanels(dashboard.panels).flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ expr: target.expr, shows: labelsIn(target.legendFormat ?? "", /\{\{\s*(\w+)\s*\}\}/g) })),
  ),
  ...variables.filter((variable) => variable.type === "query").map((variable) => ({ expr: variableQuery(variable), shows: [] })),
  ...rules.map((rule) => ({ expr: rule.expr, shows: labelsIn(Object.values(rule.annotations ?? {}).join(" "), /\$labels\.(\w+)/g) })),
];

/** Series Prometheus makes itself for each target; `job` and `instance` it adds to every series it scrapes. */
const prometheusOwn = new Set(["up"]);
const scrapeLabels = new Set(["job", "instance"]);

const keywords = new Set(["by", "without", "on", "ignoring", "group_left", "group_right", "and", "or", "unless", "offset", "bool"]);

/**
 * What one expression reads: each series with the labels its selector matches on, and the labels the
 * expression groups by (`by (…)`, `label_values(…, label)`). Strings, ranges and grouping lists are
 * taken out before names are looked for; an identifier followed by `(` is a function.
 */
function reads(expression: string): { series: Map<string, Set<string>>; groupedBy: Set<string> } {
  const series = new Map<string, Set<string>>();
  const groupedBy = new Set<string>();
  let rest = expression.replace(/label_values\(\s*([^,]+),\s*(\w+)\s*\)/g, (_all, selector: string, label: string) => {
    groupedBy.add(label);
    return selector;
  });
  rest = rest.replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g, (_all, labels: string) => {
    for (const label of labels.split(",")) if (label.trim()) groupedBy.add(label.trim());
    return " ";
  });
  const selector = /([a-zA-Z_:][a-zA-Z0-9_:]*)?\s*\{([^}]*)\}/g;
  rest = rest.replace(selector, (_all, name: string | undefined, matchers: string) => {
    if (!name) throw new Error(`a selector without a series name in ${expression}`);
    const labels = series.get(name) ?? new Set<string>();
    for (const [, label] of matchers.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)) labels.add(label!);
    series.set(name, labels);
    return " ";
  });
  rest = rest.replace(/"(?:[^"\\]|\\.)*"|\[[^\]]*\]/g, " ");
  for (const [, name] of rest.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)) {
    if (!keywords.has(name!) && !series.has(name!)) series.set(name!, new Set());
  }
  return { series, groupedBy };
}

describe("the alert rules", () => {
  it("pass promtool's check and their unit tests of behaviour (alerts.test.yml)", async () => {
    const checked = await run("promtool", ["check", "rules", "alerts.yml"], { cwd: folder });
    expect(checked.stdout).toContain(`SUCCESS: ${rules.length} rules found`);
    const tested = await run("promtool", ["test", "rules", "alerts.test.yml"], { cwd: folder });
    expect(tested.stdout).toContain("SUCCESS");
    // Every alert has at least one case in the unit tests.
    const cases = (parse(read("alerts.test.yml")) as { tests: { alert_rule_test: { alertname: string }[] }[] }).tests;
    const tried = new Set(cases.flatMap((test) => test.alert_rule_test.map((evaluation) => evaluation.alertname)));
    expect([...tried].sort()).toEqual(rules.map((rule) => rule.alert).sort());
  });

  it("each wait before firing, carry a severity, and say what to do in a section of docs/operations.md", () => {
    const operations = readFileSync(path.join(__dirname, "../../docs/operations.md"), "utf8");
    const headings = new Set(
      [...operations.matchAll(/^#+ (.+)$/gm)].map(([, heading]) =>
        heading!
          .toLowerCase()
          .replace(/[^\p{Letter}\p{Number}_\- ]/gu, "")
          .replace(/ /g, "-"),
      ),
    );
    for (const rule of rules) {
      expect({ alert: rule.alert, for: rule.for }).toEqual({ alert: rule.alert, for: expect.stringMatching(/^\d+[smh]$/) });
      expect({ alert: rule.alert, severity: rule.labels?.severity }).toEqual({
        alert: rule.alert,
        severity: expect.stringMatching(/^(critical|warning)$/),
      });
      const runbook = rule.annotations?.runbook ?? "";
      expect(runbook).toMatch(/^docs\/operations\.md#/);
      expect({ alert: rule.alert, section: headings.has(runbook.split("#")[1]!) }).toEqual({ alert: rule.alert, section: true });
    }
  });
});

describe("the dashboard", () => {
  it("queries the Prometheus data source the importer picks, in every panel and variable", () => {
    expect(variables.find((variable) => variable.name === "datasource")).toMatchObject({ type: "datasource", query: "prometheus" });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable reference, meant literally.
    const chosen = { type: "prometheus", uid: "${datasource}" };
    const panels = allPanels(dashboard.panels).filter((panel) => panel.type !== "row");
    expect(panels.length).toBeGreaterThan(0);
    for (const panel of panels)
      expect({ title: panel.title, datasource: panel.datasource }).toEqual({ title: panel.title, datasource: chosen });
    for (const variable of variables.filter((each) => each.type === "query")) expect(variable.datasource).toEqual(chosen);
  });
  it("lays its panels out as Grafana imports them: ids of their own, inside 24 columns, none over another", () => {
    const panels = allPanels(dashboard.panels);
    expect(new Set(panels.map((panel) => panel.id)).size).toBe(panels.length);
    const overlap = (a: Grid, b: Grid) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    for (const [index, panel] of panels.entries()) {
      expect({ title: panel.title, fits: panel.gridPos.x >= 0 && panel.gridPos.x + panel.gridPos.w <= 24 }).toEqual({
        title: panel.title,
        fits: true,
      });
      for (const other of panels.slice(index + 1))
        expect({ [panel.title]: other.title, overlap: overlap(panel.gridPos, other.gridPos) }).toEqual({
          [panel.title]: other.title,
          overlap: false,
        });
    }
  });
});

describe("every series the dashboard and the rules query", () => {
  let platform: RunningPlatform;
  let samples: Sample[];

  beforeAll(async () => {
    const database = await createTestDatabase("observability");
    // A refusal of the database's for one name of the test's: a fault of the platform's own (a 500).
    const client = new Client({ connectionString: database });
    await client.connect();
    try {
      await client.query(`CREATE FUNCTION refuse_person() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.attributes #>> '{name,firstName}' = 'Refused' THEN
            RAISE EXCEPTION USING ERRCODE = '22P02', MESSAGE = 'invalid input syntax for type uuid: "not-a-uuid"';
          END IF;
          RETURN NEW;
        END $$`);
      await client.query("CREATE TRIGGER refuse BEFORE INSERT ON person FOR EACH ROW EXECUTE FUNCTION refuse_person()");
    } finally {
      await client.end();
    }
    platform = await startPlatformOn(database, { RATE_LIMIT: "true", RATE_LIMIT_MAX: "10000", RATE_LIMIT_MAX_CONNECTIONS: "1" });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it("is one the platform exports, with the labels they select, group by and show", async () => {
    const headers = { ...(await adminHeaders()), "content-type": "application/json" };
    const post = (route: string, body: unknown) =>
      fetch(`${platform.url}${route}`, { method: "POST", headers, body: JSON.stringify(body) });
    expect((await post("/persons", { name: { firstName: "Dashboard", lastName: "Reader" } })).status).toBe(201);
    expect((await post("/persons", { name: { firstName: "Refused", lastName: "Write" } })).status).toBe(500);
    expect((await fetch(`${platform.url}/persons?limit=1`, { headers })).status).toBe(200);
    const charted = (await (await post("/graphql", { query: "query Charted { persons(limit: 1) { total } }" })).json()) as {
      errors?: unknown;
    };
    expect(charted.errors).toBeUndefined();
    // The one live connection the caller may hold, and a second refused with 429.
    const stream = await openStream(`${platform.url}/platform/events/stream`);
    try {
      expect(await openSse(`${platform.url}/platform/events/stream`)).toMatchObject({ status: 429 });
      samples = await scrapeUntil(
        platform.url,
        (scraped) => labelValues(scraped, "pap_events_committed_total", "type").includes("persons.person.created"),
        "the person's event to be counted",
      );
    } finally {
      stream.close();
    }
    // What the 429 panels chart: the refusal by its route template, and by what was limited.
    expect(total(samples, "pap_http_requests_total", { route: "/platform/events/stream", status: "429" })).toBe(1);
    expect(total(samples, "pap_rate_limit_refusals_total", { limit: "connections" })).toBe(1);

    const exported = new Map<string, Set<string>>();
    for (const sample of samples) {
      const labels = exported.get(sample.name) ?? new Set<string>();
      for (const label of Object.keys(sample.labels)) labels.add(label);
      exported.set(sample.name, labels);
    }
    const problems: string[] = [];
    for (const { expr: expression, shows } of expressions) {
      const { series, groupedBy } = reads(expression);
      const available = new Set(scrapeLabels);
      for (const [name, labels] of series) {
        if (prometheusOwn.has(name)) continue;
        const carried = exported.get(name);
        if (!carried) {
          problems.push(`${name} is not exported (in ${expression})`);
          continue;
        }
        for (const label of carried) available.add(label);
        for (const label of labels) if (!carried.has(label) && !scrapeLabels.has(label)) problems.push(`${name} has no label ${label}`);
      }
      for (const label of [...groupedBy, ...shows])
        if (!available.has(label)) problems.push(`no series of ${expression} has the label ${label}`);
    }
    expect(problems).toEqual([]);
    // The reading above found what it checks: a series of each family the issue asks the dashboard to chart.
    const read = new Set(expressions.flatMap(({ expr }) => [...reads(expr).series.keys()]));
    expect([...read]).toEqual(
      expect.arrayContaining([
        "pap_http_requests_total",
        "pap_http_request_duration_seconds_bucket",
        "pap_graphql_operations_total",
        "pap_subgraph_fetches_total",
        "pap_db_query_duration_seconds_count",
        "pap_db_pool_waiting_requests",
        "pap_consumer_lag_events",
        "pap_timers_due",
        "pap_open_connections",
        "pap_rate_limit_refusals_total",
        "up",
      ]),
    );
  });
});
