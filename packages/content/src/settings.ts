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

const MiB = 1024 * 1024;
// A version's size is stored as a 32-bit integer; nothing a household files comes near it.
const LARGEST_ACCEPTED = 2 ** 31 - 1;

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > max) throw new Error(`${name} must be a whole number from 1 to ${max}, not '${raw}'.`);
  return value;
}

/**
 * The settings from the environment. A scanner is required when `NODE_ENV=production` unless
 * `VIRUS_SCAN=off` says scanning is off on purpose; elsewhere no `CLAMD_URL` means no scanning (the
 * start banner and every upload's log line say so). `CONTENT_DIRECTORY` and `CONTENT_SIGNING_SECRET`
 * must be set: the platform's launcher fills in development defaults before anything reads these.
 */
export function contentSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ContentSettings {
  const scanSetting = env.VIRUS_SCAN?.trim() || "on";
  if (!["on", "off"].includes(scanSetting)) throw new Error(`VIRUS_SCAN must be on or off, not '${scanSetting}'.`);
  const scanner = scanSetting === "off" ? undefined : scannerFromEnv(env);
  if (!scanner && scanSetting === "on" && env.NODE_ENV === "production") {
    throw new Error("NODE_ENV=production needs a virus scanner for document uploads: set CLAMD_URL (tcp://host:3310), or VIRUS_SCAN=off to accept unscanned files on purpose.");
  }
  const directory = env.CONTENT_DIRECTORY?.trim();
  if (!directory && (env.CONTENT_STORE ?? "filesystem") === "filesystem") throw new Error("CONTENT_DIRECTORY is not set: where documents' bytes are kept.");
  const signingSecret = env.CONTENT_SIGNING_SECRET?.trim();
  if (!signingSecret || signingSecret.length < 32) throw new Error("CONTENT_SIGNING_SECRET must be set to at least 32 characters: it signs uploads and content links, shared by every process.");
  const delivery = env.CONTENT_DELIVERY?.trim() || "stream";
  if (delivery !== "stream" && delivery !== "redirect") throw new Error(`CONTENT_DELIVERY must be stream or redirect, not '${delivery}'.`);
  return {
    store: contentStoreFromEnv(env, directory ?? ""),
    scanner,
    ...(!scanner && { unscannedBecause: scanSetting === "off" ? ("VIRUS_SCAN=off" as const) : ("no CLAMD_URL" as const) }),
    maxBytes: positive(env, "CONTENT_MAX_BYTES", 100 * MiB, LARGEST_ACCEPTED),
    signingSecret,
    delivery,
    linkTtlSeconds: positive(env, "CONTENT_LINK_TTL_SECONDS", 300, 7 * 24 * 3600),
  };
}

let cached: { key: string; settings: ContentSettings } | undefined;

/** The process's settings, read once per distinct environment (a test may change it between platforms). */
export function processContentSettings(env: NodeJS.ProcessEnv = process.env): ContentSettings {
  const key = ["VIRUS_SCAN", "CLAMD_URL", "NODE_ENV", "CONTENT_STORE", "CONTENT_DIRECTORY", "CONTENT_SIGNING_SECRET", "CONTENT_DELIVERY", "CONTENT_MAX_BYTES", "CONTENT_LINK_TTL_SECONDS", "S3_BUCKET", "S3_ENDPOINT"]
    .map((name) => env[name] ?? "")
    .join("\u0000");
  if (cached?.key !== key) cached = { key, settings: contentSettingsFromEnv(env) };
  return cached.settings;
}
