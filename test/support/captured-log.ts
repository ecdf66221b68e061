import pino, { type Logger } from "pino";

/** A logger that keeps what it is told, every line parsed, for tests that check what the platform logs. */
export function capturedLog(): { logger: Logger; lines: Record<string, unknown>[]; text: () => string } {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const logger = pino(
    { level: "info" },
    { write: (line: string) => void (raw.push(line), lines.push(JSON.parse(line) as Record<string, unknown>)) },
  );
  return { logger, lines, text: () => raw.join("") };
}
