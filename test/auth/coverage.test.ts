// Protected by default: every root field of every subgraph (queries, mutations, subscriptions) and
// every field a subgraph adds to another's entity declares the permission it needs, and the
// permission exists in that domain's table. A new operation without one fails here.
import { subgraphs } from "@pap/gateway";
import { agencyAdapterPrincipal } from "@pap/data-exchange/contract";
import { permissionsOf, roles } from "@pap/kernel/auth";
import { declaredScopes, requirementFrom } from "../support/requirements";

const FEDERATION_FIELDS = new Set(["_service", "_entities"]);

const cases = subgraphs.flatMap((subgraph) => {
  const schema = subgraph.schema;
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(
    (type) => type !== null && type !== undefined,
  );
  const rootFields = roots.flatMap((root) => Object.values(root!.getFields()).map((field) => ({ owner: root!.name, field })));
  return rootFields
    .filter(({ field }) => !FEDERATION_FIELDS.has(field.name))
    .map(({ owner, field }) => [`${subgraph.name} ${owner}.${field.name}`, subgraph.permissions, field] as const);
});

describe("every operation declares its permission", () => {
  it.each(cases)("%s", (_name, permissions, field) => {
    // A permission of the domain's table; or, for `me` and token claims, a signed-in user or the API key.
    expect(requirementFrom(declaredScopes(field.extensions), permissions)).toBeDefined();
  });

  it("covers every subgraph", () => {
    expect(new Set(cases.map(([name]) => name.split(" ")[0]))).toEqual(new Set(subgraphs.map((subgraph) => subgraph.name)));
  });
});

describe("every type a domain owns is guarded", () => {
  const owned: Record<string, string[]> = {
    platform: ["Event", "Policy"],
    persons: ["Person"],
    "case-management": ["Case", "CaseMember"],
    scheduling: ["Appointment"],
    identity: ["User"],
    workflow: ["Task", "Queue"],
    eligibility: ["Determination", "Decision"],
  };
  const types = subgraphs.flatMap((subgraph) =>
    (owned[subgraph.name] ?? []).map((name) => [`${subgraph.name} ${name}`, subgraph, name] as const),
  );
  it.each(types)("%s needs a permission of its domain to be read", (_label, subgraph, name) => {
    const type = subgraph.schema.getType(name);
    // Scopes that depend on the record (an own-records reader's) are a function of it and of the caller;
    // any record will do, for a caller whose permissions are not known yet (so the whole map is asked).
    const declared = (type?.extensions as { pothosOptions?: { authScopes?: unknown } } | undefined)?.pothosOptions?.authScopes;
    const scopes =
      typeof declared === "function" ? declared({ id: "any" }, { knownPermissions: () => undefined }) : declaredScopes(type?.extensions);
    expect(requirementFrom(scopes, subgraph.permissions)).toMatchObject({ kind: "permission" });
  });
});

describe("read-only roles", () => {
  it("partner_readonly holds no permission that writes, in any domain", () => {
    const granted = [
      ...permissionsOf(
        ["partner_readonly"],
        subgraphs.map((subgraph) => subgraph.permissions),
      ),
    ];
    expect(granted.length).toBeGreaterThan(0);
    expect(granted.filter((permission) => !permission.endsWith(":read"))).toEqual([]);
  });
});

describe("the agency adapters' principal", () => {
  const tables = subgraphs.map((subgraph) => subgraph.permissions);
  it("holds one permission in all domains, the facts agencies match on, which no account's role holds", () => {
    expect([...permissionsOf(agencyAdapterPrincipal.roles, tables)]).toEqual(["applications:read:verification-facts"]);
    for (const role of roles) expect(permissionsOf([role], tables).has("applications:read:verification-facts")).toBe(false);
  });
});
