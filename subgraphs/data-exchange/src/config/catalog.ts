import { readFileSync } from "node:fs";
import { defineConfigSection, readSetting } from "@pap/core";
import { z } from "zod";
import { callModes, serviceTypes } from "../domain/vocabulary";
import { seededServices, type ServiceDefinition, type ServiceEndpoint } from "./services";

/** A catalog entry as the platform runs it: its window and endpoint settled. */
export type CatalogEntry = Omit<ServiceDefinition, "endpoint" | "windowSeconds"> & { windowSeconds: number; endpoint: ServiceEndpoint };

export type CatalogSettings = {
  /** Base URL of the agencies for entries without an endpoint of their own (the reference simulator by default). */
  agencyUrl?: string;
  defaultWindowSeconds: number;
  defaultTimeoutMs: number;
  /** The deployment's entries: new ones, or changes to the seeded ones by id. */
  overlay: readonly OverlayEntry[];
};

const endpoint = z.strictObject({
  url: z.url(),
  timeoutMs: z.number().int().min(1).max(600_000).optional(),
  credentialEnvVar: z
    .string()
    .regex(/^[A-Z_][A-Z0-9_]*$/, "must be an environment variable's name")
    .optional(),
  credentialHeader: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, "must be a header name")
    .optional(),
});
const overlayEntry = z.strictObject({
  id: z.uuid(),
  name: z.string().min(1).optional(),
  serviceType: z.enum(serviceTypes).optional(),
  defaultCallMode: z.enum(callModes).optional(),
  programs: z.array(z.string()).optional(),
  requestingResourceType: z.string().min(1).optional(),
  windowSeconds: z.number().int().min(1).optional(),
  endpoint: endpoint.optional(),
});
type OverlayEntry = z.infer<typeof overlayEntry>;
const overlayFile = z.strictObject({ services: z.array(overlayEntry) });

const seededIds = new Set(seededServices.map((entry) => entry.id));

/**
 * The data exchange's section of the deployment's configuration: catalog entries to add, or to change
 * by id (the eleven seeded ones are code: their adapters are). A new entry must say what it is.
 */
export const dataExchangeSection = defineConfigSection(
  "dataExchange",
  z.strictObject({ services: z.array(overlayEntry).default([]) }).superRefine((section, ctx) => {
    const seen = new Map<string, number>();
    section.services.forEach((entry, index) => {
      const id = entry.id.toLowerCase();
      const first = seen.get(id);
      if (first !== undefined)
        ctx.addIssue({ code: "custom", path: ["services", index, "id"], message: `repeats the id of entry ${first} (${entry.id})` });
      seen.set(id, index);
      if (seededIds.has(id)) return;
      for (const field of ["name", "serviceType", "requestingResourceType"] as const)
        if (entry[field] === undefined)
          ctx.addIssue({
            code: "custom",
            path: ["services", index, field],
            message: "is needed by a new catalog entry (its id is not a seeded one)",
          });
    });
  }),
  { services: [] },
  (section) => `${seededServices.length} seeded catalog entries, ${section.services.length} added or changed`,
);

/**
 * The deployment's settings: `DATA_EXCHANGE_AGENCY_URL` (where the launcher's reference simulator, or a
 * gateway to the real agencies, answers), `DATA_EXCHANGE_CALL_WINDOW_SECONDS` (900),
 * `DATA_EXCHANGE_CALL_TIMEOUT_MS` (10,000 per attempt) and `DATA_EXCHANGE_SERVICES_FILE`, a JSON file
 * `{ "services": [ … ] }` of entries to add or change. A bad file stops the start with the reason.
 */
export function catalogSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): CatalogSettings {
  const file = readSetting("DATA_EXCHANGE_SERVICES_FILE", env);
  // The deployment file's entries, then the older single-purpose file's, which wins where both change one entry.
  let overlay: OverlayEntry[] = [...dataExchangeSection.read(env).services];
  if (file) {
    const parsed = overlayFile.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success)
      throw new Error(
        `DATA_EXCHANGE_SERVICES_FILE (${file}): ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
      );
    overlay = [...overlay, ...parsed.data.services];
  }
  return {
    agencyUrl: readSetting("DATA_EXCHANGE_AGENCY_URL", env)?.replace(/\/+$/, ""),
    defaultWindowSeconds: readSetting("DATA_EXCHANGE_CALL_WINDOW_SECONDS", env),
    defaultTimeoutMs: readSetting("DATA_EXCHANGE_CALL_TIMEOUT_MS", env),
    overlay,
  };
}

/** The catalog: the seeded entries with the deployment's changes, then its own entries, all configuration (source `system`). */
export function buildCatalog(settings: CatalogSettings): CatalogEntry[] {
  const byId = new Map<string, ServiceDefinition>(seededServices.map((entry) => [entry.id, entry]));
  for (const change of settings.overlay) {
    const seeded = byId.get(change.id);
    if (seeded) {
      byId.set(change.id, {
        ...seeded,
        ...change,
        endpoint: change.endpoint ? { timeoutMs: settings.defaultTimeoutMs, ...change.endpoint } : seeded.endpoint,
      });
      continue;
    }
    if (!change.name || !change.serviceType || !change.requestingResourceType) {
      throw new Error(`DATA_EXCHANGE_SERVICES_FILE: the new entry ${change.id} needs name, serviceType and requestingResourceType.`);
    }
    byId.set(change.id, {
      ...change,
      name: change.name,
      serviceType: change.serviceType,
      requestingResourceType: change.requestingResourceType,
      defaultCallMode: change.defaultCallMode ?? "async",
      programs: change.programs ?? [],
      // Configured, like the seeded ones (SPEC: configuration's entries are system); `user` is for what the API creates.
      source: "system",
      endpoint: change.endpoint && { timeoutMs: settings.defaultTimeoutMs, ...change.endpoint },
    });
  }
  return [...byId.values()].map((entry) => ({
    ...entry,
    windowSeconds: entry.windowSeconds ?? settings.defaultWindowSeconds,
    endpoint: entry.endpoint ?? {
      // Without an address of its own an entry calls the agency base; without one, nothing answers and its calls wait and time out.
      url: `${settings.agencyUrl ?? "http://agencies.invalid"}/agencies/${entry.serviceType}`,
      timeoutMs: settings.defaultTimeoutMs,
    },
  }));
}

let current: { key: string; catalog: CatalogEntry[] } | undefined;

/** The process's catalog, built from its environment (again when the environment's settings change: tests start several platforms). */
export function catalogFromEnv(env: NodeJS.ProcessEnv = process.env): CatalogEntry[] {
  const key = [
    "DATA_EXCHANGE_AGENCY_URL",
    "DATA_EXCHANGE_CALL_WINDOW_SECONDS",
    "DATA_EXCHANGE_CALL_TIMEOUT_MS",
    "DATA_EXCHANGE_SERVICES_FILE",
    "PLATFORM_CONFIG",
  ]
    .map((name) => env[name] ?? "")
    .join("|");
  if (current?.key !== key) current = { key, catalog: buildCatalog(catalogSettingsFromEnv(env)) };
  return current.catalog;
}
