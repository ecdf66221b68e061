import { readFileSync } from "node:fs";
import path from "node:path";

const deployDirectory = path.join(__dirname, "../../../deploy");

/** A file of deploy/, as the test uses it: the deployment's own files, with the test's addresses and secrets over them. */
export const deployFile = (relative: string) => path.join(deployDirectory, relative);

/** `NAME=value` lines of a deploy/env file (comments and blank lines skipped; an empty value kept as ""). */
export function readEnvFile(relative: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(deployFile(relative), "utf8").split("\n")) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith("#")) continue;
    const equals = trimmed.indexOf("=");
    values[trimmed.slice(0, equals)] = trimmed.slice(equals + 1);
  }
  return values;
}
