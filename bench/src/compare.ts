import { getJson, measure, overRounds, spread, type Calls, type HttpCall, type Load, type Measurement } from "./measure";
import { admin, watched, type Server } from "./platform";

// The platform against another server answering the same calls: equal answers first (a fast wrong
// answer must not pass), then rounds in turn, so the machine's noise falls on both sides.

/**
 * One server compared: its name in the logs, where the calls go, and the processes whose crash fails a
 * pass; `calls` when it is asked in words of its own (another GraphQL schema), index for index the same requests.
 */
export type Side = { name: string; base: string; watch: Server[]; calls?: Calls };

/** JSON with object keys sorted: two servers may list a record's fields in another order. */
export const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : inner,
  );

/** The calls at `indexes` to every side, asked of `calls` afresh (a create per side), checked, then compared; returns the first side's. */
export async function sameAnswers(
  sides: readonly Side[],
  calls: Calls,
  indexes: readonly number[],
  check: (status: number, body: unknown, call: HttpCall) => void,
  comparable?: (body: unknown) => string,
): Promise<unknown[]> {
  const firstSide: unknown[] = [];
  for (const index of new Set(indexes)) {
    const answers: string[] = [];
    let path = "";
    for (const side of sides) {
      const call = (side.calls ?? calls).at(index)!;
      path = call.path;
      const { status, body } = await getJson(side.base + call.path, { ...call, headers: { ...call.headers, ...admin } });
      try {
        check(status, body, call);
      } catch (error) {
        throw new Error(`${side.name}: ${call.method} ${call.path}: ${(error as Error).message}`);
      }
      if (side === sides[0]) firstSide.push(body);
      if (comparable) answers.push(comparable(body));
    }
    const other = answers.findIndex((answer) => answer !== answers[0]);
    const quoted = (index: number) => `\n  ${sides[index]!.name}: ${answers[index]!.slice(0, 400)}`;
    if (other > 0) throw new Error(`${path}: ${sides[other]!.name} answered otherwise than ${sides[0]!.name}${quoted(0)}${quoted(other)}`);
  }
  return firstSide;
}

/** Passes of the same load on each side in turn (the other way round in even rounds with `alternate`); `around` wraps each pass. */
export async function measureRounds(
  sides: readonly Side[],
  calls: Calls,
  options: {
    load: Load;
    rounds: number;
    alternate?: boolean;
    failedBody?: (body: string) => boolean;
    around?: (pass: () => Promise<Measurement>) => Promise<Measurement>;
    /** What a side sets up before each of its passes (paired runs: a side's database settings). */
    before?: (side: Side) => Promise<void>;
    log(line: string): void;
  },
): Promise<Measurement[][]> {
  const measured = sides.map((): Measurement[] => []);
  const around = options.around ?? ((pass) => pass());
  for (let round = 1; round <= options.rounds; round++) {
    const order = options.alternate && round % 2 === 0 ? [...sides.keys()].reverse() : [...sides.keys()];
    for (const index of order) {
      const side = sides[index]!;
      await options.before?.(side);
      const m = await around(async () => {
        const pass = await watched(side.watch, () => measure(side.base, side.calls ?? calls, options.load, admin, options.failedBody));
        if (pass.errors) throw new Error(`${side.name}: ${pass.errors} errors (${pass.errorDetail})`);
        return pass;
      });
      options.log(`${side.name} #${round}: ${m.requestsPerSecond.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms`);
      measured[index]!.push(m);
    }
  }
  return measured;
}

/** Ours and a comparison's passes taken together, each round's ratio of the figure judged (req/s unless `figure` says), and how far it moved. */
export function compared(
  ours: readonly Measurement[],
  theirs: readonly Measurement[],
  figure: (m: Measurement) => number = (m) => m.requestsPerSecond,
) {
  const rounds = ours.map((m, round) => figure(m) / figure(theirs[round]!));
  return { ours: overRounds(ours), theirs: overRounds(theirs), rounds, spread: spread(rounds) };
}
