export * from "./traceparent";
export * from "./current";
export { childServiceName, tracingSettingsFromEnv, type TracingSettings } from "./settings";
