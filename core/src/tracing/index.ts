export { continueTrace, isTraceId, isTraceparent, newTraceparent, traceIdOf } from "./traceparent";
export {
  continuedTraceparent,
  currentTraceparent,
  requestTraceparent,
  stopTracing,
  traceLogFields,
  traced,
  tracedCall,
  tracingActive,
  untraced,
  useTracer,
} from "./current";
export type { TraceAttributes, Tracer } from "./current";
export { childServiceName, tracingSettingsFromEnv, type TracingSettings } from "./settings";
