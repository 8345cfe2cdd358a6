/** The p-th percentile of `values` (nearest rank); NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const round = (value: number, digits = 1) =>
  Math.round(value * 10 ** digits) / 10 ** digits;

/** A latency figure as the benches print it: p50 / p95 / p99 / max, in tenths of ms. */
export const latencies = (samples: readonly number[]) => ({
  p50: round(percentile(samples, 50)),
  p95: round(percentile(samples, 95)),
  p99: round(percentile(samples, 99)),
  max: round(Math.max(...samples)),
});
