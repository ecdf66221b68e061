/**
 * What clients see of the platform, held still: the OpenAPI document the REST surface serves and the
 * supergraph SDL the gateway composes, compared with the copies committed in `test/contract/golden/`. A change
 * to either is a change of the public contract and must be made on purpose: rerun with
 * UPDATE_GOLDEN=true to write the new copies, and review their diff like code. Both are compared in
 * canonical form (keys, fields and definitions in name order), since clients cannot see the order.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { canonicalJson, canonicalSdl } from "../support/canonical";
import { useTestPlatform } from "../support/platform";

const { api } = useTestPlatform("golden");
const golden = (name: string) => path.join(__dirname, "golden", name);
const updating = process.env.UPDATE_GOLDEN === "true";

function expectGolden(name: string, actual: string): void {
  if (updating || !existsSync(golden(name))) writeFileSync(golden(name), actual);
  expect(actual).toBe(readFileSync(golden(name), "utf8"));
}

describe("the public contract", () => {
  it("serves the OpenAPI document held in test/contract/golden/openapi.json", async () => {
    const document = (await api.get("/openapi.json")).body;
    expectGolden("openapi.json", `${JSON.stringify(canonicalJson(document), null, 2)}\n`);
  });

  it("composes the supergraph held in test/contract/golden/supergraph.graphql", () => {
    expectGolden("supergraph.graphql", canonicalSdl(readFileSync(path.join(__dirname, "../../gateway/supergraph.graphql"), "utf8")));
  });
});
