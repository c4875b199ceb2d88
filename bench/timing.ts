// How the scale benchmarks time a call and print it beside its bare query: the median and p95 of
// BENCH_RUNS runs after three warm-up calls, and one table row with the ratio real/bare.
export const RUNS = Number(process.env.BENCH_RUNS ?? 30);
export const WARMUP = 3;

export interface Timing {
  median: number;
  p95: number;
}

export async function time<T>(fn: () => Promise<T>): Promise<Timing & { result: T }> {
  for (let i = 0; i < WARMUP; i++) await fn(); // warm the cache
  const ms: number[] = [];
  let result!: T;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    result = await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(RUNS / 2)]!, p95: ms[Math.min(RUNS - 1, Math.ceil(RUNS * 0.95) - 1)]!, result };
}

export const f = (n: number) => n.toFixed(1).padStart(7);

export const line = (name: string, bare: Timing, real: Timing, note: string) =>
  process.stdout.write(`${name.padEnd(44)} ${f(bare.median)} ${f(bare.p95)} ${f(real.median)} ${f(real.p95)}  ${(real.median / bare.median).toFixed(1).padStart(6)}×  ${note}\n`);
