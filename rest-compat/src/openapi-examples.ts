import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { OperationExamples } from "./openapi";

/**
 * Where the examples of /openapi.json live: answers of the running platform recorded by
 * test/contract/openapi-examples.test.ts, which fails when they no longer are what it answers.
 */
export const examplesPath = path.resolve(__dirname, "../openapi-examples.json");

export function readOperationExamples(file = examplesPath): OperationExamples {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as OperationExamples) : {};
}
