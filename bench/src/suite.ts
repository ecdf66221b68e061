import type { ModeName, Scope } from "./platform";
import type { Result } from "./scenarios";

/** What the runner hands a suite: how big to run, where to put what it starts, and where its results go. */
export type SuiteContext = {
  /** Short passes over small data: proves the suite runs, its figures are not the ones to publish. */
  quick: boolean;
  /** The platform's modes the REST suite runs against the floor. */
  modes: ModeName[];
  /** Everything started in it is stopped (and every database dropped) when the suite ends. */
  scope: Scope;
  log(message: string): void;
  record(result: Result): void;
  /** A line of what the suite ran over, for the results file. */
  note(line: string): void;
};

export type Suite = (context: SuiteContext) => Promise<void>;

/** Throws; for checks written as expressions (`ok || fail(…)`). */
export const fail = (message: string): never => {
  throw new Error(message);
};

/** The parts that say something, joined: for lists of problems where most are usually absent. */
export const joined = (parts: readonly unknown[], separator = "; ") => parts.filter(Boolean).join(separator);
type Named = Pick<Result, "scenario" | "variant">;
export const resultName = (result: Named) => joined([result.scenario, result.variant], " ");

export const firstLine = (text: string) => (text.split("\n")[0] ?? "").slice(0, 300);

/** A measurement whose failure is recorded as the reason its scenarios have no figures; the suite goes on with the next. */
export async function attempt<T>(context: SuiteContext, failing: Named[], work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    const message = (error as Error).message;
    context.log(`${failing.map(resultName).join(", ") || "measurement"}: FAILED ${message}`);
    for (const result of failing) context.record({ ...result, ours: NaN, comparison: NaN, invalid: firstLine(message) });
    return undefined;
  }
}
