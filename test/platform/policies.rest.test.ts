// The read-only policy registry (SPEC §2.3, §4 list conventions, §4.1; configuration.md §6;
// resources.md §2): 34 policies seeded from configuration at start, listed with q/sort/paging, read
// by slug, and seeded idempotently when another platform starts on the same database.
import { createLogger } from "@pap/core";
import { startPlatform, type RunningPlatform } from "@pap/gateway";
import { createTestDatabase, httpClient } from "../support/platform";
import { detailFields, expectErrorEnvelope, expectListEnvelope, listPath } from "../support/expectations";

const POLICIES = "/platform/registry/policies";

/** configuration.md §6, verbatim: id, citation, programs. */
const REFERENCE: ReadonlyArray<readonly [id: string, citation: string, programs: string[]]> = [
  ["snap-household-composition", "7 CFR § 273.1", ["snap"]],
  ["snap-authorized-representative", "7 CFR § 273.2(n)", ["snap"]],
  ["medicaid-authorized-representative", "42 CFR § 435.923", ["medicaid"]],
  ["snap-application-acceptance", "7 CFR § 273.2(g)", ["snap"]],
  ["snap-application-date-stamp", "7 CFR § 273.2(c)(1)", ["snap"]],
  ["snap-right-to-apply", "7 CFR § 273.2(a)", ["snap"]],
  ["snap-processing-clock", "7 CFR § 273.2(i)(1)", ["snap"]],
  ["snap-expedited-processing", "7 CFR § 273.2(i)(3)(i)", ["snap"]],
  ["medicaid-processing-clock", "42 CFR § 435.912", ["medicaid"]],
  ["snap-interview-requirement", "7 CFR § 273.2(e)", ["snap"]],
  ["snap-identity-verification", "7 CFR § 273.2(f)(1)(vi)", ["snap"]],
  ["snap-residency-verification", "7 CFR § 273.2(f)(1)(iii)", ["snap"]],
  ["snap-income-verification", "7 CFR § 272.8", ["snap"]],
  ["snap-ssa-identity-check", "42 U.S.C. § 1320b-7", ["snap"]],
  ["snap-citizenship-eligibility", "7 CFR § 273.4", ["snap"]],
  ["qualified-alien-eligibility", "8 U.S.C. § 1611", ["snap", "medicaid"]],
  ["medicaid-citizenship-electronic-check", "42 CFR § 435.956(b)", ["medicaid"]],
  ["medicaid-immigration-electronic-check", "42 CFR § 435.956(c)", ["medicaid"]],
  ["medicaid-ex-parte-renewal", "42 CFR § 435.916", ["medicaid"]],
  ["medicaid-ex-parte-determination", "42 CFR § 435.911", ["medicaid"]],
  ["medicaid-data-sharing", "42 CFR § 435.948", ["medicaid"]],
  ["snap-gross-income-test", "7 CFR § 273.9(a)", ["snap"]],
  ["snap-net-income-test", "7 CFR § 273.9(b)", ["snap"]],
  ["snap-resource-limit", "7 CFR § 273.8", ["snap"]],
  ["snap-benefit-calculation", "7 CFR § 273.10", ["snap"]],
  ["medicaid-concurrent-application", "42 CFR § 435.406", ["medicaid"]],
  ["snap-notice-of-action", "7 CFR § 273.13", ["snap"]],
  ["snap-fair-hearing-rights", "7 CFR § 273.15(a)", ["snap"]],
  ["snap-supervisor-review", "7 CFR § 273.15", ["snap"]],
  ["snap-verification-requirements", "7 CFR § 273.2(f)", ["snap"]],
  ["medicaid-electronic-verification-first", "42 CFR § 435.940", ["medicaid"]],
  ["snap-notice-of-eligibility", "7 CFR § 273.2(h)", ["snap"]],
  ["medicaid-notice-of-eligibility", "42 CFR § 435.917", ["medicaid"]],
  ["medicaid-determination-documentation", "42 CFR § 431.17(b)(1)", ["medicaid"]],
];

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const referenceIds = REFERENCE.map(([id]) => id).sort(byCodePoint);
const referenceById = new Map(REFERENCE.map(([id, citation, programs]) => [id, { citation, programs }]));

/** configuration.md §6: the official-text link follows from the citation. */
function citationUrlOf(citation: string): string {
  const cfr = /^(\d+) CFR § (\d+\.\d+)/.exec(citation);
  if (cfr) return `https://www.ecfr.gov/current/title-${cfr[1]}/section-${cfr[2]}`;
  const usc = /^(\d+) U\.S\.C\. § (\S+)$/.exec(citation);
  if (usc) return `https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title${usc[1]}-section${usc[2]}`;
  throw new Error(`no URL pattern for ${citation}`);
}

type Policy = { id: string; citation: string; citationUrl?: string; description: string; programs?: string[] };

const startOn = (url: string) =>
  startPlatform({
    database: { kind: "postgres", url, poolSize: 5 },
    host: "127.0.0.1",
    port: 0,
    logger: createLogger("test"),
    migrate: false,
  });

let databaseUrl: string;
let platform: RunningPlatform;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  process.env.LOG_LEVEL ??= "silent";
  databaseUrl = await createTestDatabase("policies_rest");
  platform = await startOn(databaseUrl);
  api = httpClient(platform.url);
});

afterAll(async () => {
  await platform?.close();
});

async function all(client = api): Promise<Policy[]> {
  const response = await client.get(listPath(POLICIES, { limit: 100 }));
  return expectListEnvelope(response, { total: 34, limit: 100, offset: 0, hasNext: false });
}

async function listIds(params: Record<string, string | number>): Promise<string[]> {
  const response = await api.get(listPath(POLICIES, { limit: 100, ...params }));
  if (response.status !== 200) throw new Error(`GET ${listPath(POLICIES, params)}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.items.map((item: Policy) => item.id);
}

describe("GET /platform/registry/policies", () => {
  it("holds the 34 configured policies, each with the configured citation, programs and link", async () => {
    const items = await all();
    expect(items.map((item) => item.id)).toEqual(referenceIds);
    for (const item of items) {
      const reference = referenceById.get(item.id)!;
      expect(Object.keys(item).sort()).toEqual(["citation", "citationUrl", "description", "id", "programs"]);
      expect(item.citation).toBe(reference.citation);
      expect(item.programs).toEqual(reference.programs);
      expect(item.citationUrl).toBe(citationUrlOf(reference.citation));
      expect(typeof item.description).toBe("string");
      expect(item.description.trim().length).toBeGreaterThan(20);
    }
    expect(new Set(items.map((item) => item.description)).size).toBe(34);
  });

  it("answers the list envelope with the default page of 25, sorted by id", async () => {
    const first = expectListEnvelope(await api.get(POLICIES), { total: 34, limit: 25, offset: 0, hasNext: true });
    expect(first.map((item) => item.id)).toEqual(referenceIds.slice(0, 25));
    const rest = expectListEnvelope(await api.get(listPath(POLICIES, { offset: 25 })), {
      total: 34,
      limit: 25,
      offset: 25,
      hasNext: false,
    });
    expect(rest.map((item) => item.id)).toEqual(referenceIds.slice(25));
    expect(
      expectListEnvelope(await api.get(listPath(POLICIES, { offset: 34 })), { total: 34, limit: 25, offset: 34, hasNext: false }),
    ).toEqual([]);
    expect(
      expectListEnvelope(await api.get(listPath(POLICIES, { limit: 5, offset: 10 })), {
        total: 34,
        limit: 5,
        offset: 10,
        hasNext: true,
      }).map((item) => item.id),
    ).toEqual(referenceIds.slice(10, 15));
  });

  it("sort=id is the default order; sort=-id reverses it", async () => {
    expect(await listIds({ sort: "id" })).toEqual(referenceIds);
    expect(await listIds({ sort: "-id" })).toEqual([...referenceIds].reverse());
  });

  it("sort=citation orders by citation (ties by id); -citation reverses", async () => {
    const byCitation = [...REFERENCE].sort((a, b) => byCodePoint(a[1], b[1]) || byCodePoint(a[0], b[0])).map(([id]) => id);
    const sorted = await listIds({ sort: "citation" });
    expect(sorted).toEqual(byCitation);
    expect(sorted[0]).toBe("medicaid-determination-documentation"); // 42 CFR § 431.17(b)(1)
    expect(sorted.at(-1)).toBe("qualified-alien-eligibility"); // 8 U.S.C. § 1611
    expect(await listIds({ sort: "-citation" })).toEqual([...byCitation].reverse());
    expect(await listIds({ sort: "citation", limit: 3, offset: 11 })).toEqual(byCitation.slice(11, 14));
  });

  it.each(["description", "citationUrl", "-description", "programs"])(
    "sort=%s (a policy field that is not sortable) is 400 FIELD_NOT_SORTABLE",
    async (sort) => {
      const body = expectErrorEnvelope(await api.get(listPath(POLICIES, { sort })), 400, "FIELD_NOT_SORTABLE");
      expect(detailFields(body)).toEqual(["sort"]);
    },
  );

  it.each(["createdAt", "-updatedAt", "title", "id,citation,bogus"])(
    "sort=%s (not a policy field) is 400 INVALID_SORT_FIELD",
    async (sort) => {
      const body = expectErrorEnvelope(await api.get(listPath(POLICIES, { sort })), 400, "INVALID_SORT_FIELD");
      expect(detailFields(body)).toEqual(["sort"]);
    },
  );

  it("q on citation: contains, starts-with, ends-with and quoted values", async () => {
    const expected = (test: (citation: string) => boolean) =>
      REFERENCE.filter(([, citation]) => test(citation))
        .map(([id]) => id)
        .sort(byCodePoint);
    const section2732 = expected((citation) => citation.includes("273.2"));
    expect(section2732).toHaveLength(11);
    expect(await listIds({ q: "citation:273.2" })).toEqual(section2732);
    expect(await listIds({ q: "citation:42*" })).toEqual(expected((citation) => citation.startsWith("42")));
    expect(await listIds({ q: "citation:*(i)" })).toEqual(["snap-expedited-processing"]);
    expect(await listIds({ q: 'citation:"42 U.S.C."' })).toEqual(["snap-ssa-identity-check"]);
    expect(await listIds({ q: 'citation:"u.s.c."' })).toEqual(["qualified-alien-eligibility", "snap-ssa-identity-check"]);
    expect(await listIds({ q: "-citation:CFR" })).toEqual(["qualified-alien-eligibility", "snap-ssa-identity-check"]);
    expect(await listIds({ q: "citation:nothing-like-this" })).toEqual([]);
  });

  it("q on description: case-insensitive contains, combined with other conditions", async () => {
    const items = await all();
    const matching = (word: string) => items.filter((item) => item.description.toLowerCase().includes(word)).map((item) => item.id);
    for (const word of ["interview", "expedited", "notice"]) {
      const expected = matching(word);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(34);
      expect(await listIds({ q: `description:${word.toUpperCase()}` })).toEqual(expected);
    }
    const both = items
      .filter((item) => item.citation.includes("273.2") && item.description.toLowerCase().includes("interview"))
      .map((item) => item.id);
    expect(await listIds({ q: "citation:273.2 description:interview" })).toEqual(both);
    expect(await listIds({ q: "description:zzzqqq" })).toEqual([]);
  });

  it("a bare q term searches id, citation and description", async () => {
    const items = await all();
    const expected = items
      .filter((item) => [item.id, item.citation, item.description].some((text) => text.toLowerCase().includes("expedited")))
      .map((item) => item.id);
    expect(expected).toContain("snap-expedited-processing");
    expect(await listIds({ q: "expedited" })).toEqual(expected);
    expect(await listIds({ q: "ex-parte" })).toEqual(["medicaid-ex-parte-determination", "medicaid-ex-parte-renewal"]);
  });

  it("answers 400 for a malformed q, limit or offset", async () => {
    expectErrorEnvelope(await api.get(listPath(POLICIES, { q: "nosuchfield:x" })), 400, "INVALID_QUERY");
    expectErrorEnvelope(await api.get(listPath(POLICIES, { q: 'citation:"open' })), 400, "INVALID_QUERY");
    for (const [params, field] of [
      [{ limit: "0" }, "limit"],
      [{ limit: "101" }, "limit"],
      [{ limit: "many" }, "limit"],
      [{ offset: "-3" }, "offset"],
    ] as const) {
      const body = expectErrorEnvelope(await api.get(listPath(POLICIES, params)), 400, "BAD_REQUEST");
      expect(detailFields(body)).toContain(field);
    }
  });
});

describe("GET /platform/registry/policies/{policyId}", () => {
  it("returns a policy by its slug: snap-expedited-processing cites 7 CFR § 273.2(i)(3)(i)", async () => {
    const response = await api.get(`${POLICIES}/snap-expedited-processing`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: "snap-expedited-processing",
      citation: "7 CFR § 273.2(i)(3)(i)",
      citationUrl: "https://www.ecfr.gov/current/title-7/section-273.2",
      description: expect.any(String),
      programs: ["snap"],
    });
  });

  it.each<[string, string, string, string[]]>([
    ["medicaid-processing-clock", "42 CFR § 435.912", "https://www.ecfr.gov/current/title-42/section-435.912", ["medicaid"]],
    [
      "snap-ssa-identity-check",
      "42 U.S.C. § 1320b-7",
      "https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title42-section1320b-7",
      ["snap"],
    ],
    [
      "qualified-alien-eligibility",
      "8 U.S.C. § 1611",
      "https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title8-section1611",
      ["snap", "medicaid"],
    ],
    ["medicaid-determination-documentation", "42 CFR § 431.17(b)(1)", "https://www.ecfr.gov/current/title-42/section-431.17", ["medicaid"]],
    ["snap-household-composition", "7 CFR § 273.1", "https://www.ecfr.gov/current/title-7/section-273.1", ["snap"]],
  ])("returns %s as configured", async (id, citation, citationUrl, programs) => {
    const response = await api.get(`${POLICIES}/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id, citation, citationUrl, description: expect.any(String), programs });
  });

  it("returns the same record the list shows", async () => {
    for (const item of (await all()).slice(0, 34)) expect((await api.get(`${POLICIES}/${item.id}`)).body).toEqual(item);
  });

  it.each(["snap-no-such-policy", "SNAP-EXPEDITED-PROCESSING", "00000000-0000-4000-8000-000000000000", "snap-expedited-processing%20"])(
    "answers 404 NOT_FOUND for %s",
    async (id) => {
      expectErrorEnvelope(await api.get(`${POLICIES}/${id}`), 404, "NOT_FOUND");
    },
  );

  it("names the missing slug in the 404 message", async () => {
    const body = expectErrorEnvelope(await api.get(`${POLICIES}/snap-no-such-policy`), 404, "NOT_FOUND");
    expect(body.message).toContain("snap-no-such-policy");
  });

  it("is read-only: writes are refused and the registry is unchanged", async () => {
    const before = await all();
    const attempts = [
      api.raw("POST", POLICIES, { id: "snap-new", citation: "7 CFR § 1", description: "x" }),
      api.raw("PATCH", `${POLICIES}/snap-expedited-processing`, { citation: "changed" }),
      api.raw("PUT", `${POLICIES}/snap-expedited-processing`, { citation: "changed" }),
      api.raw("DELETE", `${POLICIES}/snap-expedited-processing`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await all()).toEqual(before);
  });
});

describe("seeding", () => {
  it("is idempotent: a second platform starting on the same database keeps exactly 34 policies", async () => {
    const before = await all();
    const second = await startOn(databaseUrl);
    try {
      expect(await all(httpClient(second.url))).toEqual(before);
      expect(await second.services.db.policy.count()).toBe(34);
    } finally {
      await second.close();
    }
    expect(await all()).toEqual(before);
  });

  it("restores the configured values on the next start (the configuration is the source of truth)", async () => {
    const before = await all();
    await platform.services.db.policy.update({ where: { id: "snap-expedited-processing" }, data: { citation: "tampered", programs: [] } });
    expect((await api.get(`${POLICIES}/snap-expedited-processing`)).body.citation).toBe("tampered");
    const next = await startOn(databaseUrl);
    try {
      expect((await httpClient(next.url).get(`${POLICIES}/snap-expedited-processing`)).body).toEqual(
        before.find((item) => item.id === "snap-expedited-processing"),
      );
      expect(await next.services.db.policy.count()).toBe(34);
    } finally {
      await next.close();
    }
  });

  it("two platforms starting together on one database seed without conflict", async () => {
    const [a, b] = await Promise.all([startOn(databaseUrl), startOn(databaseUrl)]);
    try {
      expect(await a.services.db.policy.count()).toBe(34);
      expect((await all(httpClient(b.url))).map((item) => item.id)).toEqual(referenceIds);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
