import { createHmac } from "node:crypto";
import path from "node:path";
import { processContentSettings, type ContentSettings } from "@pap/content";
import { repositoryRoot } from "@pap/db";

/**
 * The process's content settings (documents' bytes). Called after `prepareAuthSettings`: with nothing
 * configured, the bytes are kept under `.data/content` and the signing secret is derived from the
 * token signing secret, both put in the environment so the processes this one starts share them.
 */
export function prepareContentSettings(env: NodeJS.ProcessEnv = process.env): ContentSettings {
  env.CONTENT_DIRECTORY ||= path.join(repositoryRoot, ".data", "content");
  // A shared HMAC key for tokens (the development key, or a deployment's AUTH_SECRET) is one every process
  // already holds; with public-key tokens, CONTENT_SIGNING_SECRET must be given.
  if (!env.CONTENT_SIGNING_SECRET && env.AUTH_SECRET) {
    env.CONTENT_SIGNING_SECRET = createHmac("sha256", env.AUTH_SECRET).update("content signing").digest("hex");
  }
  return processContentSettings(env);
}

/** The banner's line about uploads: where bytes go and whether they are scanned. */
export function describeContent(settings: ContentSettings): string {
  const where = settings.store.kind === "s3" ? `S3 bucket ${process.env.S3_BUCKET}` : process.env.CONTENT_DIRECTORY;
  const scanning = settings.scanner ? `scanned by clamd at ${settings.scanner.address}` : `NOT scanned for viruses (${settings.unscannedBecause})`;
  return `documents   kept in ${where}, ${scanning}`;
}
