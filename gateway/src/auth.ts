import { createHmac } from "node:crypto";
import { authSettingsFromEnv, type AuthSettings } from "@pap/kernel/auth";
import { machineDevelopmentKey } from "./development-key";

/**
 * The process's authentication settings. In development mode (nothing configured) tokens are signed
 * with this machine's development key, so tokens survive a restart; it is put in AUTH_SECRET (with
 * AUTH_MODE=development) so that the processes this one starts verify with the same key. Unless
 * AUTH_API_KEYS is set, an API key for the token-claims lookup is derived from the same secret
 * (stable across restarts, printed at start).
 */
export function prepareAuthSettings(env: NodeJS.ProcessEnv = process.env): AuthSettings {
  const settings = authSettingsFromEnv(env);
  if (settings.mode !== "development" || settings.secret) return settings;
  env.AUTH_SECRET = machineDevelopmentKey();
  // Stated, so this process (again) and the ones it starts stay in development mode with the key set.
  env.AUTH_MODE = "development";
  env.AUTH_API_KEYS ||= `dev-${createHmac("sha256", env.AUTH_SECRET).update("token-claims api key").digest("hex").slice(0, 32)}`;
  return authSettingsFromEnv(env);
}
