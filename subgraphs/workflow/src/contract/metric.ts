import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";

export const metricAggregates = ["count", "ratio", "duration"] as const;
export const metricGroupings = ["queueId", "programType"] as const;

const optionalText = { kind: "string", nullable: true } as const;

/** A supervisor metric, declared once: computed when asked for (nothing is stored), listed and sorted in memory. */
export const metric = defineResource({
  name: "Metric",
  plural: "metrics",
  description: "A supervisor metric, computed when asked for.",
  fields: {
    id: { kind: "identifier", search: true },
    name: { kind: "string", search: true, sort: true },
    aggregate: { kind: "enum", values: metricAggregates, enumName: "MetricAggregate", sort: true },
    value: {
      kind: "number",
      nullable: true,
      description: "count: records; ratio: 0 to 1; duration: median seconds. Null with groupBy, or a duration with nothing to measure.",
      sort: true,
    },
    breakdown: {
      kind: "json",
      nullable: true,
      shape: z.record(z.string(), z.number().nullable()),
      description: "With groupBy: each group's value ('none' for tasks without one).",
    },
    targets: {
      kind: "object",
      list: true,
      objectName: "MetricTarget",
      objectDescription: "A goal the metric is read against.",
      fields: {
        stat: { kind: "string" },
        operator: optionalText,
        amount: { kind: "number", nullable: true },
        unit: optionalText,
        label: optionalText,
        direction: optionalText,
      },
    },
    computedAt: { kind: "datetime", sort: true },
  },
  list: { defaultSort: "name" },
});
