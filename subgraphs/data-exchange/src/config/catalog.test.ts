import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildCatalog, catalogSettingsFromEnv } from "./catalog";

// The catalog is configuration, never the API (SPEC §4.3): the eleven seeded entries, and what a
// deployment's DATA_EXCHANGE_SERVICES_FILE adds or changes, with each entry's endpoint settled.

const FDSH_VLP = "4ecf1b2f-3559-4956-9c74-184588905f7a";
const VCI = "0b7f6c52-5a1e-4d8e-9a64-3f1c2d9e7a10";

/** The settings of a deployment whose services file holds `services`. */
function withFile(services: unknown, env: NodeJS.ProcessEnv = {}) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "pap-catalog-")), "services.json");
  writeFileSync(file, JSON.stringify({ services }));
  return catalogSettingsFromEnv({ DATA_EXCHANGE_SERVICES_FILE: file, ...env });
}

describe("the catalog", () => {
  it("is the eleven seeded services, system-sourced and asynchronous, calling the agency base by type", () => {
    const catalog = buildCatalog(catalogSettingsFromEnv({ DATA_EXCHANGE_AGENCY_URL: "http://agencies.test/" }));
    expect(catalog).toHaveLength(11);
    expect(catalog.every((entry) => entry.source === "system" && entry.defaultCallMode === "async" && entry.windowSeconds === 900)).toBe(
      true,
    );
    expect(catalog.some((entry) => entry.serviceType === "fdsh_vci")).toBe(false);
    expect(catalog.find((entry) => entry.id === FDSH_VLP)!.endpoint).toEqual({
      url: "http://agencies.test/agencies/fdsh_vlp",
      timeoutMs: 10_000,
    });
  });

  it("takes a deployment's changes to a seeded entry by id, which stays system-sourced", () => {
    const settings = withFile(
      [{ id: FDSH_VLP, windowSeconds: 60, endpoint: { url: "https://hub.example.gov/vlp", credentialEnvVar: "HUB_TOKEN" } }],
      { DATA_EXCHANGE_CALL_TIMEOUT_MS: "2500" },
    );
    const vlp = buildCatalog(settings).find((entry) => entry.id === FDSH_VLP)!;
    expect(vlp).toMatchObject({ name: "Verify Lawful Presence via FDSH", serviceType: "fdsh_vlp", source: "system", windowSeconds: 60 });
    // The deployment's timeout applies where the entry names none.
    expect(vlp.endpoint).toEqual({ url: "https://hub.example.gov/vlp", timeoutMs: 2500, credentialEnvVar: "HUB_TOKEN" });
  });

  it("adds a deployment's own entry as configuration (system-sourced), with the defaults it leaves out", () => {
    const settings = withFile([
      { id: VCI, name: "Verify Current Income via FDSH", serviceType: "fdsh_vci", requestingResourceType: "intake/applications/incomes" },
    ]);
    const catalog = buildCatalog({ ...settings, agencyUrl: "http://agencies.test" });
    expect(catalog).toHaveLength(12);
    expect(catalog.find((entry) => entry.id === VCI)).toEqual({
      id: VCI,
      name: "Verify Current Income via FDSH",
      serviceType: "fdsh_vci",
      requestingResourceType: "intake/applications/incomes",
      defaultCallMode: "async",
      programs: [],
      source: "system",
      windowSeconds: 900,
      endpoint: { url: "http://agencies.test/agencies/fdsh_vci", timeoutMs: 10_000 },
    });
  });

  it("refuses a services file it cannot use, saying why, so the platform does not start on it", () => {
    expect(() => withFile([{ id: VCI, name: "x", serviceType: "fdsh_nope", requestingResourceType: "r" }])).toThrow(
      /services\.0\.serviceType/,
    );
    expect(() => withFile([{ id: FDSH_VLP, source: "user" }])).toThrow(/DATA_EXCHANGE_SERVICES_FILE/);
    expect(() => withFile([{ id: FDSH_VLP, endpoint: { url: "https://x.example", credentialEnvVar: "not a name" } }])).toThrow(
      /credentialEnvVar/,
    );
    expect(() => buildCatalog(withFile([{ id: VCI, serviceType: "fdsh_vci" }]))).toThrow(
      /needs name, serviceType and requestingResourceType/,
    );
    expect(() => catalogSettingsFromEnv({ DATA_EXCHANGE_CALL_WINDOW_SECONDS: "0" })).toThrow(/DATA_EXCHANGE_CALL_WINDOW_SECONDS/);
  });
});
