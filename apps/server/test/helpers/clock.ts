/**
 * Rate budgets are counted in minutes of the clock (src/plugins/rate-limit.ts): a test that spends
 * one starts its calls at least 20 s before a minute ends, so they all fall in the same one (a test
 * whose calls crossed a minute once found its count reset and a 429 it expected answered 200).
 */
export async function earlyInAMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
