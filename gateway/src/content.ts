import { createHmac } from "node:crypto";
import path from "node:path";
import { processContentSettings, type ContentSettings } from "@pap/content";
import { isProduction, readSetting } from "@pap/core";
import { repositoryRoot } from "@pap/db";
import { machineDevelopmentKey } from "./development-key";

/**
 * The process's content settings (documents' bytes). Called after `prepareAuthSettings`: with nothing
 * configured, the bytes are kept under `.data/content`, both put in the environment so the processes
 * this one starts share them. Outside production, without CONTENT_SIGNING_SECRET, content links are
 * signed with a secret derived from the token signing secret (development mode's key, or a
 * deployment's AUTH_SECRET) or else from this machine's development key: every process of one
 * machine holds it. Production must set its own (the launcher refuses the start otherwise).
 */
export function prepareContentSettings(env: NodeJS.ProcessEnv = process.env): ContentSettings {
  env.CONTENT_DIRECTORY ||= path.join(repositoryRoot, ".data", "content");
  if (!env.CONTENT_SIGNING_SECRET?.trim() && !isProduction(env)) {
    const key = env.AUTH_SECRET?.trim() || machineDevelopmentKey();
    env.CONTENT_SIGNING_SECRET = createHmac("sha256", key).update("content signing").digest("hex");
  }
  return processContentSettings(env);
}

/** The banner's line about uploads: where bytes go and whether they are scanned. */
export function describeContent(settings: ContentSettings): string {
  const where = settings.store.kind === "s3" ? `S3 bucket ${readSetting("S3_BUCKET")}` : readSetting("CONTENT_DIRECTORY");
  const scanning = settings.scanner
    ? `scanned by clamd at ${settings.scanner.address}`
    : `NOT scanned for viruses (${settings.unscannedBecause})`;
  return `documents   kept in ${where}, ${scanning}`;
}
