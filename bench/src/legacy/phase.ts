import type { Outcome } from "./events/report";
import type { RunningMode } from "./modes";
import { firstLine } from "./process";

/** Runs one measurement; a failure is recorded so the other phases still run and report. */
export async function phase<T>(running: RunningMode, name: string, log: (message: string) => void, work: () => Promise<T>): Promise<Outcome<T>> {
  log(`${name}: running`);
  const printedBefore = running.linesPrinted();
  try {
    const value = await work();
    const exit = running.exit();
    if (exit) throw new Error(`the server exited during the phase (${exit})\n--- server output ---\n${running.output()}`);
    return { value };
  } catch (error) {
    const message = (error as Error).message;
    log(`${name}: FAILED ${message}`);
    return { failure: firstLine(message) };
  } finally {
    // At LOG_LEVEL=warn, anything the server prints under load is worth seeing next to the figures.
    const logged = running.linesPrinted() - printedBefore;
    // The last few, cut short: under overload it may be thousands of stack traces.
    if (logged) {
      const shown = running.lastLines(Math.min(logged, 5)).map((line) => (line.length > 400 ? `${line.slice(0, 400)}…` : line));
      process.stderr.write(`--- ${name}: the server logged ${logged} line(s); the last ${shown.length}: ---\n${shown.join("\n")}\n`);
    }
  }
}
