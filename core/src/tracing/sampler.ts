// Loaded with the SDK (sdk.ts), never when tracing is off.
import { SpanKind, trace, type Attributes, type Context, type Link } from "@opentelemetry/api";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SamplingResult,
} from "@opentelemetry/sdk-trace-base";

/**
 * The sampler `OTEL_TRACES_SAMPLER` (and `OTEL_TRACES_SAMPLER_ARG`, the ratio) names, as the
 * specification defines them; `parentbased_always_on` by default. Unknown names and ratios outside
 * 0–1 fall back to the default rather than stopping the process.
 */
export function samplerFromEnv(env: NodeJS.ProcessEnv = process.env): Sampler {
  const ratio = () => {
    const value = Number(env.OTEL_TRACES_SAMPLER_ARG);
    return env.OTEL_TRACES_SAMPLER_ARG?.trim() && value >= 0 && value <= 1 ? value : 1;
  };
  switch (env.OTEL_TRACES_SAMPLER?.trim()) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return new TraceIdRatioBasedSampler(ratio());
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio()) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/**
 * A trace starts where work starts: an HTTP request arriving (a server span) or a reaction to an event
 * (a consumer span). A span of any other kind without a parent (the GraphQL parsing a process does
 * while it builds its schemas, hundreds of spans at every start) is not recorded; everything else is
 * left to the configured sampler.
 */
export class TracesStartAtWork implements Sampler {
  constructor(private readonly configured: Sampler) {}

  shouldSample(context: Context, traceId: string, name: string, kind: SpanKind, attributes: Attributes, links: Link[]): SamplingResult {
    const startsTrace = !trace.getSpanContext(context);
    if (startsTrace && kind !== SpanKind.SERVER && kind !== SpanKind.CONSUMER) return { decision: SamplingDecision.NOT_RECORD };
    return this.configured.shouldSample(context, traceId, name, kind, attributes, links);
  }

  toString(): string {
    return `TracesStartAtWork{${this.configured.toString()}}`;
  }
}
