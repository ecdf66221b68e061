import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { buildServer as buildAgencySimulator } from "@pap/agency-simulator";
import { buildServer as buildReferenceAdapter } from "@pap/eligibility-reference";
import { startPlatform, type RunningPlatform } from "@pap/gateway";
import { createLogger, type Clock, type Logger } from "@pap/core";
import type { DatabaseConfig } from "@pap/db";
import { adminHeaders } from "./auth";

/**
 * A fresh database cloned from the run's migrated template (see global-setup.js), so each test file
 * starts empty and files can run in parallel.
 */
export const createTestDatabase = (label: string) => createRunDatabase(label, true);

/**
 * A fresh database with nothing in it, not even the migrations (for the tests of migrating itself),
 * named after the run's template so that the run drops it with the others.
 */
export const createEmptyTestDatabase = (label: string) => createRunDatabase(label, false);

async function createRunDatabase(label: string, migrated: boolean): Promise<string> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!adminUrl || !template) throw new Error("integration tests need the Jest global setup (run them with `npm test`)");
  const name = `${template}_${label.replace(/\W+/g, "_").toLowerCase()}_${Math.random().toString(36).slice(2, 8)}`.slice(0, 63);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${migrated ? ` TEMPLATE "${template}"` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The whole platform on a real port against a fresh PostgreSQL database, with the reference
 * eligibility adapter and the reference agency simulator each on a port of its own, as the launcher
 * gives them (`eligibilityAdapterUrl` and `agencyUrl` name others: a test's scripted adapter or agencies).
 */
export type TestPlatformOptions = {
  /**
   * The store to run on. By default the engine the run chose (`TEST_DATABASE_ENGINE`, see
   * `testDatabaseEngine`): a fresh PostgreSQL database cloned from the run's template, or embedded
   * PGlite in memory migrated at start as `npm start` migrates it. A test may name its own.
   */
  database?: DatabaseConfig;
  onQuery?: (sql: string) => void;
  clock?: Clock;
  /** Where the platform logs (silent unless LOG_LEVEL says otherwise). */
  logger?: Logger;
  eligibilityAdapterUrl?: string | (() => string);
  agencyUrl?: string | (() => string);
};

/** A running test platform, with the address of the agencies it calls (the simulator's, unless a test named others). */
export type TestPlatform = RunningPlatform & { agencyUrl: string };

/** The engine this run's test platforms use: `TEST_DATABASE_ENGINE=pglite` (the Jest project `pglite`) or PostgreSQL. */
export const testDatabaseEngine = (): DatabaseConfig["kind"] => (process.env.TEST_DATABASE_ENGINE === "pglite" ? "pglite" : "postgres");

/** A store for one test platform on the run's engine. */
export async function testDatabase(label: string): Promise<DatabaseConfig> {
  if (testDatabaseEngine() === "pglite") return { kind: "pglite", dataDir: "memory" };
  return { kind: "postgres", url: await createTestDatabase(label), poolSize: 5 };
}

export async function startTestPlatform(label: string, options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const database = options.database ?? (await testDatabase(label));
  process.env.LOG_LEVEL ??= "silent";
  const given = typeof options.eligibilityAdapterUrl === "function" ? options.eligibilityAdapterUrl() : options.eligibilityAdapterUrl;
  const adapter = given ? null : buildReferenceAdapter();
  process.env.ELIGIBILITY_ADAPTER_URL = given ?? (await adapter!.listen({ host: "127.0.0.1", port: 0 }));
  const givenAgencies = typeof options.agencyUrl === "function" ? options.agencyUrl() : options.agencyUrl;
  const agencies = givenAgencies ? null : buildAgencySimulator();
  const agencyUrl = givenAgencies ?? (await agencies!.listen({ host: "127.0.0.1", port: 0 }));
  process.env.DATA_EXCHANGE_AGENCY_URL = agencyUrl;
  // Documents' bytes in a directory of the platform's own, so a test can see exactly what it left behind.
  process.env.CONTENT_DIRECTORY = mkdtempSync(path.join(tmpdir(), `pap-content-${label}-`));
  const platform = await startPlatform({
    database,
    host: "127.0.0.1",
    port: 0,
    logger: options.logger ?? createLogger("test"),
    // A cloned PostgreSQL database is migrated already; the embedded store migrates at start, as `npm start`'s does.
    migrate: database.kind === "pglite",
    onQuery: options.onQuery,
    clock: options.clock,
  });
  const close = platform.close.bind(platform);
  return Object.assign(platform, {
    agencyUrl,
    close: async () => {
      await close();
      await adapter?.close();
      await agencies?.close();
    },
  });
}

/**
 * Small HTTP helpers against a running platform. Requests carry a state administrator's token unless
 * the headers give another `authorization` (an empty one sends none).
 */
export function httpClient(baseUrl: string | (() => string)) {
  const base = typeof baseUrl === "string" ? () => baseUrl : baseUrl;
  const call = async (method: string, path: string, body?: unknown, given: Record<string, string> = {}) => {
    const headers: Record<string, string> = { ...(await adminHeaders()), ...given };
    if (!headers.authorization) delete headers.authorization;
    // A FormData body goes as multipart/form-data, with the boundary fetch chooses.
    const json = body !== undefined && !(body instanceof FormData);
    const response = await fetch(`${base()}${path}`, {
      method,
      headers: json ? { "content-type": "application/json", ...headers } : headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    // Bytes (a document's content) are answered as they came; everything else is JSON.
    const isJson = (response.headers.get("content-type") ?? "").includes("json");
    return { status: response.status, headers: response.headers, body: !text ? undefined : isJson ? (JSON.parse(text) as any) : text };
  };
  return {
    get: (path: string) => call("GET", path),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call("POST", path, body, headers),
    patch: (path: string, body?: unknown, headers?: Record<string, string>) => call("PATCH", path, body, headers),
    put: (path: string, body?: unknown, headers?: Record<string, string>) => call("PUT", path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => call("DELETE", path, undefined, headers),
    graphql: async (query: string, variables?: Record<string, unknown>) => (await call("POST", "/graphql", { query, variables })).body,
    raw: call,
  };
}

/**
 * Starts the platform before a test file's tests and stops it after them. `api` may be captured at
 * module level: it reaches whichever platform is running.
 */
export function useTestPlatform(label: string, options: TestPlatformOptions = {}) {
  let platform: TestPlatform | undefined;
  const url = () => {
    if (!platform) throw new Error("the platform is not running (used outside a test?)");
    return platform.url;
  };
  beforeAll(async () => {
    platform = await startTestPlatform(label, options);
  });
  afterAll(async () => {
    await platform?.close();
  });
  const running = () => {
    if (!platform) throw new Error("the platform is not running (used outside a test?)");
    return platform;
  };
  /** Waits until due timers have fired and every reaction has run (after moving a manual clock). */
  const settle = () => running().settle();
  /** The platform's Prisma client, for what a test reads or arranges below the API. */
  const db = () => running().database.prisma;
  return { api: httpClient(url), url, settle, platform: running, db };
}
