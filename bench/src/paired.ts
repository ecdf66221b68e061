/**
 * Two or more platforms from the same build, each started with environment settings of its own, on
 * one seeded database, measured on the same REST paths in alternating rounds: what a setting, or a
 * change hidden behind a temporary switch, does, with the machine's noise falling on every side alike.
 * On a busy two-core machine, runs of a suite a few minutes apart differ by more than most changes.
 *
 *   node bench/dist/paired.js --side trail --side "untrailed AUDIT_SENSITIVE_READS=false" \
 *     --path "/persons?q=address.city:Houston" [--graphql "{ persons(q: \"…\") { items { id } } }"] \
 *     [--persons 10000] [--connections 50] [--seconds 5] [--rounds 3]
 *
 * A side is a name and `NAME=value` settings, space-separated. A path is a REST GET, a `--graphql`
 * query is POSTed to the graph; both as an administrator. Each side's mean, p50 and p99 are printed
 * per round and over all.
 */
import { parseArgs } from "node:util";
import { getCall, graphqlCall, graphqlFailed, measure, type HttpCall, type Measurement } from "./measure";
import { seedPeople, growPeople, personColumnsFrom } from "./people";
import { Scope, admin, deriveFromSeededRows, freshDatabase, repositoryRoot, signIn, startPlatform, type Platform } from "./platform";

type Side = { name: string; env: NodeJS.ProcessEnv };

function sideOf(text: string): Side {
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

const figures = (passes: readonly Measurement[]) =>
  `${(passes.reduce((sum, pass) => sum + pass.requestsPerSecond, 0) / passes.length).toFixed(0)} req/s, p50 ${passes
    .map((pass) => pass.p50)
    .join(" ")} ms, p99 ${passes.map((pass) => pass.p99).join(" ")} ms`;

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
    },
  });
  const sides = (values.side ?? []).map(sideOf);
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
  if (sides.length < 2 || requests.length === 0) throw new Error("give at least two --side and one --path or --graphql");
  const load = { connections: Number(values.connections), seconds: Number(values.seconds), warmupSeconds: 1 };
  const scope = new Scope();
  try {
    await signIn();
    const { url, client } = await freshDatabase(scope);
    const derived = personColumnsFrom(repositoryRoot);
    await growPeople(client, await seedPeople(client, derived), derived, Number(values.persons));
    await deriveFromSeededRows(url);
    const platforms: Platform[] = [];
    for (const side of sides) platforms.push(await startPlatform(scope, url, { mode: "single", env: side.env }));
    for (const request of requests) {
      const passes = sides.map((): Measurement[] => []);
      for (let round = 0; round < Number(values.rounds); round += 1) {
        // Every other round in reverse, so no side always follows the same one.
        const order = sides.map((_side, index) => index);
        if (round % 2 === 1) order.reverse();
        for (const index of order) {
          const pass = await measure(request.base(platforms[index]!), [request.call], load, admin, request.failed);
          if (pass.errors > 0) throw new Error(`${sides[index]!.name}: ${pass.errors} errors on ${request.label}: ${pass.errorDetail}`);
          passes[index]!.push(pass);
          console.log(
            `${request.label} ${sides[index]!.name} #${round + 1}: ${pass.requestsPerSecond.toFixed(0)} req/s, p50 ${pass.p50} ms, p99 ${pass.p99} ms`,
          );
        }
      }
      sides.forEach((side, index) => console.log(`== ${request.label} ${side.name}: ${figures(passes[index]!)}`));
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
