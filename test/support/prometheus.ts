import { waitFor } from "./waiting";
/**
 * Reads `GET /metrics` as Prometheus would: the text format's samples, each with its name, labels and
 * value (comments and blank lines skipped), and the helpers the metrics tests select samples with.
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const unescaped = (value: string) => value.replace(/\\(.)/g, (_match, char: string) => (char === "n" ? "\n" : char));

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`not a sample line of the text format: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(labelPair)) labels[name!] = unescaped(value!);
    samples.push({ name: match[1]!, labels, value: match[3] === "+Inf" ? Infinity : match[3] === "-Inf" ? -Infinity : Number(match[3]) });
  }
  return samples;
}

/** The samples of series `name` whose labels include every one of `labels`. */
export const samplesOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((sample) => sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value));

/** The sum of those samples' values (0 when there are none). */
export const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samplesOf(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0);

/** The distinct values one label takes among those samples. */
export const labelValues = (samples: Sample[], name: string, label: string, labels: Record<string, string> = {}) =>
  [
    ...new Set(samplesOf(samples, name, labels).flatMap((sample) => (sample.labels[label] === undefined ? [] : [sample.labels[label]!]))),
  ].sort();

/** Scrapes `<base>/metrics` (`?scope=…` when given) and parses it. */
export async function scrape(
  base: string,
  options: { scope?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; type: string; text: string; samples: Sample[] }> {
  const response = await fetch(`${base}/metrics${options.scope ? `?scope=${options.scope}` : ""}`, { headers: options.headers });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    text,
    samples: response.ok ? parseMetrics(text) : [],
  };
}

/**
 * Scrapes until `complete` holds of the samples, and returns them. A process too busy to answer within
 * a scrape's budget is left out of that scrape, so a test that needs every process waits for a scrape
 * that has them all.
 */
export async function scrapeUntil(base: string, complete: (samples: Sample[]) => boolean, what: string): Promise<Sample[]> {
  let samples: Sample[] = [];
  await waitFor(
    async () => {
      const scraped = await scrape(base);
      if (scraped.status !== 200) throw new Error(`GET ${base}/metrics answered ${scraped.status}: ${scraped.text}`);
      samples = scraped.samples;
      return complete(samples);
    },
    what,
    60_000,
    200,
  );
  return samples;
}
