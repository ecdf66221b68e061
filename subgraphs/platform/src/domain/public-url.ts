import { readSetting } from "@pap/core";

/**
 * Where clients reach the platform, for the absolute links it hands out (a search result's `url`):
 * `PUBLIC_BASE_URL` when set (set it wherever the platform sits behind a proxy; the distributed
 * launcher sets it to its REST surface's address unless given one), else the address a single process listens on.
 */
export function publicBaseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const configured = readSetting("PUBLIC_BASE_URL", env);
  if (configured) return configured.replace(/\/+$/, "");
  return `http://${readSetting("HOST", env)}:${readSetting("PORT", env)}`;
}
