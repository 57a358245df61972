/** Nearest-rank percentile of already sorted numbers (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

export const sortNumbers = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

export const round = (n: number, digits = 2): number => Number(n.toFixed(digits));
