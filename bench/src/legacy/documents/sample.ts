/** One timed transfer: how many bytes moved and how long it took. */
export type Sample = { bytes: number; seconds: number };

/** MB/s in decimal megabytes (10^6 bytes), as disks and networks are rated. */
export const mbPerSecond = (sample: Sample) => sample.bytes / sample.seconds / 1e6;

/** Times `work`, which moves `bytes`; whatever it returns beside the timing is passed through. */
export async function timed<T>(bytes: number, work: () => Promise<T>): Promise<{ sample: Sample; result: T }> {
  const started = process.hrtime.bigint();
  const result = await work();
  return { sample: { bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9 }, result };
}

export function median(values: readonly number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
