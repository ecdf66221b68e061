import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repositoryRoot } from "@pap/db";

/**
 * A secret generated once on this machine and kept in `.data/dev-auth-secret`: what development
 * signs tokens with, and what content links are signed with when no CONTENT_SIGNING_SECRET is set
 * outside production. A production start never reads it (the launcher refuses both cases first).
 */
export function machineDevelopmentKey(): string {
  const file = path.join(repositoryRoot, ".data", "dev-auth-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}
