/** Deployment choices about events (SPEC §9 overlays). */
export type EventSettings = {
  /** Prepended verbatim to every event type (e.g. "org.example."); empty by default. */
  typePrefix: string;
};

export function eventSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): EventSettings {
  return { typePrefix: env.EVENT_TYPE_PREFIX ?? "" };
}
