import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repositoryRoot } from "@pap/db";
import { authSettingsFromEnv, type AuthSettings } from "@pap/kernel";

/**
 * The process's authentication settings. In development mode (nothing configured) tokens are signed
 * with a key generated once on this machine and kept in `.data/dev-auth-secret`, so tokens survive a
 * restart; it is put in AUTH_SECRET (with AUTH_MODE=development) so that the processes this one
 * starts verify with the same key. Unless AUTH_API_KEYS is set, an API key for the token-claims
 * lookup is derived from the same secret (stable across restarts, printed at start).
 */
export function prepareAuthSettings(env: NodeJS.ProcessEnv = process.env): AuthSettings {
  const settings = authSettingsFromEnv(env);
  if (settings.mode !== "development" || settings.secret) return settings;
  const file = path.join(repositoryRoot, ".data", "dev-auth-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  env.AUTH_SECRET = readFileSync(file, "utf8").trim();
  // Stated, so this process (again) and the ones it starts stay in development mode with the key set.
  env.AUTH_MODE = "development";
  env.AUTH_API_KEYS ||= `dev-${createHmac("sha256", env.AUTH_SECRET).update("token-claims api key").digest("hex").slice(0, 32)}`;
  return authSettingsFromEnv(env);
}
