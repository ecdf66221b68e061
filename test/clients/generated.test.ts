// The typed client is generated from the golden OpenAPI document (`npm run client:generate`): the
// committed types must be exactly what the generator makes of the golden copy today, so a change of
// the contract that is not carried into the client fails here.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

it("holds in clients/typescript/src/schema.ts the types generated from the golden OpenAPI document", () => {
  const output = path.join(mkdtempSync(path.join(tmpdir(), "client-")), "schema.ts");
  const generator = path.join(root, "node_modules/.bin/openapi-typescript");
  execFileSync(generator, ["test/contract/golden/openapi.json", "--output", output], { cwd: root, stdio: "pipe" });
  const committed = readFileSync(path.join(root, "clients/typescript/src/schema.ts"), "utf8");
  expect(readFileSync(output, "utf8") === committed).toBe(true);
});
