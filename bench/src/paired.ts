/**
 * Two or more platforms from the same build, each started with environment settings of its own, on
 * one seeded database, measured on the same REST paths in alternating rounds: what a setting, or a
 * change hidden behind a temporary switch, does, with the machine's noise falling on every side alike.
 * On a busy two-core machine, runs of a suite a few minutes apart differ by more than most changes.
 *
 *   node bench/dist/paired.js --side trail --side "untrailed AUDIT_SENSITIVE_READS=false" \
 *     --path "/persons?q=address.city:Houston" [--graphql "{ persons(q: \"…\") { items { id } } }"] \
 *     [--persons 10000] [--connections 50] [--seconds 5] [--rounds 3] [--before "untrailed=<SQL>"]
 *
 * A side is a name and `NAME=value` settings, space-separated. What a side changes in the shared
 * database (an index's storage parameter, say) is a `--before "<side>=<statement>"`, run on the
 * database before each of that side's rounds. A path is a REST GET, a `--graphql`
 * query is POSTed to the graph; both as an administrator. Every side must give the same answer first
 * (as in the suites: a fast wrong answer must not pass); then each round is printed, and each side's
 * figures over the rounds with its ratio to the first side's.
 */
import { parseArgs } from "node:util";
import { canonical, compared, measureRounds, sameAnswers } from "./compare";
import { getCall, graphqlCall, graphqlFailed, type HttpCall } from "./measure";
import { seedPeople, growPeople, personColumnsFrom } from "./people";
import { Scope, deriveFromSeededRows, freshDatabase, repositoryRoot, signIn, startPlatform, type Platform } from "./platform";

type Setting = { name: string; env: NodeJS.ProcessEnv };

function settingOf(text: string): Setting {
  const [name, ...settings] = text.trim().split(/\s+/);
  const env = Object.fromEntries(
    settings.map((setting) => {
      const at = setting.indexOf("=");
      if (at <= 0) throw new Error(`a side's settings are NAME=value: '${setting}' in '${text}'`);
      return [setting.slice(0, at), setting.slice(at + 1)];
    }),
  );
  return { name: name!, env };
}

async function main() {
  const { values } = parseArgs({
    options: {
      side: { type: "string", multiple: true },
      path: { type: "string", multiple: true },
      graphql: { type: "string", multiple: true },
      persons: { type: "string", default: "10000" },
      connections: { type: "string", default: "50" },
      seconds: { type: "string", default: "5" },
      rounds: { type: "string", default: "3" },
      before: { type: "string", multiple: true },
    },
  });
  const settings = (values.side ?? []).map(settingOf);
  const statementsBefore = new Map<string, string[]>();
  for (const text of values.before ?? []) {
    const at = text.indexOf("=");
    const side = text.slice(0, at);
    if (at <= 0 || !settings.some((setting) => setting.name === side)) throw new Error(`--before names no side: '${text}'`);
    statementsBefore.set(side, [...(statementsBefore.get(side) ?? []), text.slice(at + 1)]);
  }
  // What each request is, where it goes, and how a 2xx that is no answer shows.
  const requests: { label: string; call: HttpCall; base(platform: Platform): string; failed?(body: string): boolean }[] = [
    ...(values.path ?? []).map((path) => ({ label: path, call: getCall(path), base: (platform: Platform) => platform.restBase })),
    ...(values.graphql ?? []).map((query) => ({
      label: query.replace(/\s+/g, " ").slice(0, 80),
      call: graphqlCall({ query }),
      base: (platform: Platform) => platform.graphqlBase,
      failed: graphqlFailed,
    })),
  ];
  if (settings.length < 2 || requests.length === 0) throw new Error("give at least two --side and one --path or --graphql");
  const load = { connections: Number(values.connections), seconds: Number(values.seconds), warmupSeconds: 1 };
  const scope = new Scope();
  try {
    await signIn();
    const { url, client } = await freshDatabase(scope);
    const derived = personColumnsFrom(repositoryRoot);
    await growPeople(client, await seedPeople(client, derived), derived, Number(values.persons));
    await deriveFromSeededRows(url);
    const platforms: Platform[] = [];
    for (const setting of settings) platforms.push(await startPlatform(scope, url, { mode: "single", env: setting.env }));
    for (const request of requests) {
      const sides = settings.map((setting, index) => ({
        name: setting.name,
        base: request.base(platforms[index]!),
        watch: [platforms[index]!],
      }));
      const answered = (status: number, body: unknown) => {
        if (status !== 200 || request.failed?.(JSON.stringify(body)))
          throw new Error(`answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
      };
      await sameAnswers(sides, [request.call], [0], answered, canonical);
      const passes = await measureRounds(sides, [request.call], {
        load,
        rounds: Number(values.rounds),
        alternate: true,
        failedBody: request.failed,
        before: async (side) => {
          for (const statement of statementsBefore.get(side.name) ?? []) await client.query(statement);
        },
        log: (line) => console.log(`${request.label} ${line}`),
      });
      for (const [index, side] of sides.entries()) {
        const { ours, theirs, spread } = compared(passes[index]!, passes[0]!);
        const ratio =
          index === 0 ? "" : `, ${(ours.requestsPerSecond / theirs.requestsPerSecond).toFixed(2)}× ${sides[0]!.name} (${spread})`;
        console.log(
          `== ${request.label} ${side.name}: ${ours.requestsPerSecond.toFixed(0)} req/s, p50 ${ours.p50.toFixed(1)} ms, worst p99 ${ours.p99} ms${ratio}`,
        );
      }
    }
  } finally {
    await scope.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
