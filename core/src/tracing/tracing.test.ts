import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from "@opentelemetry/api";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
} from "@opentelemetry/sdk-trace-base";
import { continuedTraceparent, currentTraceparent, requestTraceparent, traced, tracingActive, untraced } from "./current";
import { samplerFromEnv, TracesStartAtWork } from "./sampler";
import { childServiceName, tracingSettingsFromEnv } from "./settings";
import { isTraceparent, newTraceparent, traceIdOf } from "./traceparent";

describe("tracing settings", () => {
  it("are on only with an OTLP endpoint, and off again with OTEL_SDK_DISABLED", () => {
    expect(tracingSettingsFromEnv({}).enabled).toBe(false);
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: " " }).enabled).toBe(false);
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }).enabled).toBe(true);
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" }).enabled).toBe(true);
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "TRUE" }).enabled).toBe(false);
  });

  it("name a process on its own pap-platform, or OTEL_SERVICE_NAME; the launcher's children by their role", () => {
    expect(tracingSettingsFromEnv({}).serviceName).toBe("pap-platform");
    expect(tracingSettingsFromEnv({ OTEL_SERVICE_NAME: "benefits" }).serviceName).toBe("benefits");
    expect(childServiceName("subgraph-intake", {})).toBe("pap-subgraph-intake");
    expect(childServiceName("gateway", { OTEL_SERVICE_NAME: "benefits" })).toBe("benefits-gateway");
  });
});

describe("without the SDK", () => {
  it("is off, and a request's trace is the one it brought, or a new one", () => {
    expect(tracingActive()).toBe(false);
    expect(currentTraceparent()).toBeUndefined();
    const sent = newTraceparent();
    expect(requestTraceparent(sent)).toBe(sent);
    for (const bad of [undefined, "", "00-abc", `00-${"0".repeat(32)}-${"1".repeat(16)}-01`])
      expect(isTraceparent(requestTraceparent(bad))).toBe(true);
  });

  it("continues a stored trace with a span id of its own, and runs traced work as it is", async () => {
    const parent = newTraceparent();
    const continued = continuedTraceparent("reaction", parent);
    expect(traceIdOf(continued)).toBe(traceIdOf(parent));
    expect(continued).not.toBe(parent);
    await expect(traced("reaction", parent, {}, async () => 42)).resolves.toBe(42);
    expect(untraced(() => "same")).toBe("same");
  });
});

describe("sampling", () => {
  const traceId = "0af7651916cd43dd8448eb211c80319c";
  const sampled = (sampler: { shouldSample: TracesStartAtWork["shouldSample"] }, kind: SpanKind, parent = ROOT_CONTEXT) =>
    sampler.shouldSample(parent, traceId, "span", kind, {}, []).decision;

  it("reads OTEL_TRACES_SAMPLER and its ratio as the specification names them", () => {
    expect(samplerFromEnv({})).toBeInstanceOf(ParentBasedSampler);
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: "always_on" })).toBeInstanceOf(AlwaysOnSampler);
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: "always_off" })).toBeInstanceOf(AlwaysOffSampler);
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: "traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.25" }).toString()).toBe(
      new TraceIdRatioBasedSampler(0.25).toString(),
    );
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "7" }).toString()).toContain(
      new TraceIdRatioBasedSampler(1).toString(),
    );
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: "no_such_sampler" })).toBeInstanceOf(ParentBasedSampler);
  });

  it("starts traces only at requests and reactions, and leaves the rest to the configured sampler", () => {
    const sampler = new TracesStartAtWork(samplerFromEnv({}));
    expect(sampled(sampler, SpanKind.SERVER)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(sampled(sampler, SpanKind.CONSUMER)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(sampled(sampler, SpanKind.INTERNAL)).toBe(SamplingDecision.NOT_RECORD);
    expect(sampled(sampler, SpanKind.CLIENT)).toBe(SamplingDecision.NOT_RECORD);
    const withParent = trace.setSpanContext(ROOT_CONTEXT, {
      traceId,
      spanId: "b7ad6b7169203331",
      traceFlags: TraceFlags.SAMPLED,
      isRemote: true,
    });
    expect(sampled(sampler, SpanKind.INTERNAL, withParent)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(sampled(new TracesStartAtWork(samplerFromEnv({ OTEL_TRACES_SAMPLER: "always_off" })), SpanKind.SERVER)).toBe(
      SamplingDecision.NOT_RECORD,
    );
  });
});
