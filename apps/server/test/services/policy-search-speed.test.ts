// Search stays fast at 10,000 guides: keyword and filter together, measured after a warm-up.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { generateGuides } from '../../src/services/policy/synthetic';
import { createTestApp } from '../helpers/app';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
  await generateGuides(app.db, 10_000);
  await app.pgPool.query('analyze guides');
}, 180_000);
afterAll(() => app.close());

it('a keyword-and-filter page answers in well under 300 ms at 10,000 guides', async () => {
  const ask = (keyword: string) =>
    app.inject({ method: 'POST', url: '/api/v1/govbecalculator/getpolicyguidepage', payload: { currentPage: 1, pageSize: 20, keyword, supportType: 'interest', openNow: true } });
  const first = (await ask('研发')).json();
  expect(first.data.total).toBeGreaterThan(100);
  expect(first.data.list.every((g: { supportType: string; status: string }) => g.supportType === 'interest' && g.status === 'open')).toBe(true);
  const timings: number[] = [];
  for (const keyword of ['研发', '贴息', '专精特新', '智能制造', '人才', '研发 补助', '首台套', '上云']) {
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await ask(keyword);
      timings.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
    }
  }
  timings.sort((a, b) => a - b);
  const median = timings[Math.floor(timings.length / 2)]!;
  const worst = timings[timings.length - 1]!;
  process.stdout.write(`search at 10k guides: median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms\n`);
  expect(median).toBeLessThan(100);
  expect(worst).toBeLessThan(300);
}, 60_000);
