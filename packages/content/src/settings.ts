import { ConfigurationError, readSetting, scannerProblems } from "@pap/core/config";
import { scannerFromEnv, type VirusScanner } from "./scanner/scanner";
import { contentStoreFromEnv } from "./store/from-env";
import type { ContentStore } from "./store/store";

/** How documents' bytes are kept, checked and handed out (see the README's content settings). */
export type ContentSettings = {
  store: ContentStore;
  /** The virus scanner every upload passes through; absent only when scanning is off. */
  scanner?: VirusScanner;
  /** Without a scanner, why: turned off on purpose (`VIRUS_SCAN=off`, even with CLAMD_URL set), or no daemon named. */
  unscannedBecause?: "VIRUS_SCAN=off" | "no CLAMD_URL";
  /** The largest upload accepted, in bytes (413 beyond it). */
  maxBytes: number;
  /** Signs staged-upload tokens and content links; every process of a deployment shares it. */
  signingSecret: string;
  /** `stream`: the content path answers with the bytes; `redirect`: with 302 to a signed, time-limited link (SPEC §9). */
  delivery: "stream" | "redirect";
  /** How long a signed content link is valid. */
  linkTtlSeconds: number;
};

/**
 * The settings from the environment, each read through its declaration in the kernel's configuration
 * schema. A scanner is required when `NODE_ENV=production` unless `VIRUS_SCAN=off` says scanning is off
 * on purpose (the launcher refuses such a start before this is read; a process started on its own
 * stops here); elsewhere no `CLAMD_URL` means no scanning (the start banner and every upload's log line
 * say so). `CONTENT_DIRECTORY` and `CONTENT_SIGNING_SECRET` must be set: the platform's launcher fills
 * in development defaults before anything reads these.
 */
export function contentSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ContentSettings {
  const scanSetting = readSetting("VIRUS_SCAN", env);
  const scanner = scanSetting === "off" ? undefined : scannerFromEnv(env);
  const unscanned = scannerProblems(env);
  if (unscanned.length) throw new ConfigurationError(unscanned);
  const directory = readSetting("CONTENT_DIRECTORY", env);
  if (!directory && readSetting("CONTENT_STORE", env) === "filesystem")
    throw new Error("CONTENT_DIRECTORY is not set: where documents' bytes are kept.");
  const signingSecret = readSetting("CONTENT_SIGNING_SECRET", env);
  if (!signingSecret)
    throw new Error(
      "CONTENT_SIGNING_SECRET must be set to at least 32 characters: it signs uploads and content links, shared by every process.",
    );
  return {
    store: contentStoreFromEnv(env, directory ?? ""),
    scanner,
    ...(!scanner && { unscannedBecause: scanSetting === "off" ? ("VIRUS_SCAN=off" as const) : ("no CLAMD_URL" as const) }),
    maxBytes: readSetting("CONTENT_MAX_BYTES", env),
    signingSecret,
    delivery: readSetting("CONTENT_DELIVERY", env),
    linkTtlSeconds: readSetting("CONTENT_LINK_TTL_SECONDS", env),
  };
}

let cached: { key: string; settings: ContentSettings } | undefined;

/** The process's settings, read once per distinct environment (a test may change it between platforms). */
export function processContentSettings(env: NodeJS.ProcessEnv = process.env): ContentSettings {
  const key = [
    "VIRUS_SCAN",
    "CLAMD_URL",
    "NODE_ENV",
    "CONTENT_STORE",
    "CONTENT_DIRECTORY",
    "CONTENT_SIGNING_SECRET",
    "CONTENT_DELIVERY",
    "CONTENT_MAX_BYTES",
    "CONTENT_LINK_TTL_SECONDS",
    "S3_BUCKET",
    "S3_ENDPOINT",
  ]
    .map((name) => env[name] ?? "")
    .join("\u0000");
  if (cached?.key !== key) cached = { key, settings: contentSettingsFromEnv(env) };
  return cached.settings;
}
