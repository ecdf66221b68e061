// Imported first by every entry point: the gateway reports usage and probes cloud metadata endpoints
// unless told not to, and these machines must not call out.
process.env.APOLLO_TELEMETRY_DISABLED ??= "true";
