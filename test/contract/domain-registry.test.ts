import { readdirSync } from "node:fs";
import path from "node:path";
import { domains, registry } from "@pap/gateway";
import { defineDomain, exportedContract } from "@pap/kernel/domain";

const repository = path.resolve(__dirname, "../..");

const contractNamed = (name: string) => defineDomain({ name, resources: [], permissions: {}, restRoutes: [] });

describe("the domain registry", () => {
  it("registers every domain folder under subgraphs/, each by its package's contract", () => {
    const folders = readdirSync(path.join(repository, "subgraphs"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...domains.map((domain) => domain.name)].sort()).toEqual(folders.sort());
  });

  it("loads each domain's subgraph from its package's main entry, the one with the contract's name", () => {
    const entry = registry.find((candidate) => candidate.contract.name === "scheduling");
    const others = domains.filter((domain) => domain !== entry?.contract);
    expect(entry?.loadSubgraph(others).name).toBe("scheduling");
  });

  it("takes the one contract a package exports under the domain's name", () => {
    const scheduling = contractNamed("scheduling");
    expect(exportedContract("@pap/scheduling", "scheduling", { scheduling, other: contractNamed("persons"), unrelated: 1 })).toBe(
      scheduling,
    );
  });

  it("stops, naming the package, when its contract is missing, misnamed or given twice", () => {
    const message = /@pap\/scheduling\/contract must export exactly one domain contract .* named "scheduling"/;
    expect(() => exportedContract("@pap/scheduling", "scheduling", {})).toThrow(message);
    expect(() => exportedContract("@pap/scheduling", "scheduling", { x: contractNamed("schedule") })).toThrow(message);
    expect(() =>
      exportedContract("@pap/scheduling", "scheduling", { a: contractNamed("scheduling"), b: contractNamed("scheduling") }),
    ).toThrow(message);
  });
});
