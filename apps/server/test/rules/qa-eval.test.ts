// 政策问答's evaluation (docs/qa.md): the gold set's questions (qa-gold.ts) over the demo policies'
// passages, ranked by the engine as the server ranks them, with the dictionary's reference terms.
// It prints recall@3, MRR@10 and abstention and fails below the floors recorded here, so a change
// that makes retrieval worse is caught; a change that makes it better raises the floors.
import { describe, expect, it } from 'vitest';
import { QA_SERVICE } from '@hqt/contract/qa';
import { passageKey, passagesOf, QaIndex, validityOf, type QaResult } from '../../src/services/qa/engine';
import { termDictionary } from '../../src/services/qa/terms';
import { demoPolicyRows } from '../../src/setup/demo-content/policy';
import { GOLD, type GoldQuestion } from './qa-gold';
import { HELD_OUT_POLICIES, HELD_OUT_QUESTIONS } from './qa-heldout';

/**
 * The figures as last measured (4 Dec: 0.904, 0.858, 0.930, 0.823), less a little; the goals
 * are recall@3 ≥ 0.9, MRR@10 ≥ 0.75 and abstention ≥ 0.9. Abstention and the answered share trade
 * against each other at the coverage threshold (engine.ts MIN_COVERAGE, MAX_UNKNOWN; docs/qa.md).
 */
const FLOOR = { recallAt3: 0.9, mrrAt10: 0.85, abstention: 0.92, answeredWhenAnswerable: 0.82 };

/** The demo as seeded on a fixed day (its windows and validity are relative to the seed day). */
const SEEDED = Date.parse('2026-12-01T02:00:00Z');
const TODAY = '2026-12-01';

const dict = termDictionary(QA_SERVICE.dictionaries.qaTerm.seed.map(([, label, extra]) => ({ label, extra: extra ?? null })));
let guideId = 0;
const passages = demoPolicyRows(SEEDED).flatMap((p, i) =>
  passagesOf(
    { id: i + 1, ...p.policy },
    p.guides.map((g) => ({ id: ++guideId, ...g.row })),
  ),
);
const index = new QaIndex(passages, dict);

function evaluate(results: { expect: readonly string[]; result: QaResult }[]) {
  const answerable = results.filter((r) => r.expect.length > 0);
  const unanswerable = results.filter((r) => r.expect.length === 0);
  // The ranking's figures read the ranked list whether or not the answer abstained; abstaining on an
  // answerable question is counted apart (answeredWhenAnswerable).
  const rankOf = ({ expect, result }: (typeof results)[number]) => {
    const at = result.ranked.findIndex((r) => expect.includes(passageKey(r.passage)));
    return at < 0 ? null : at + 1;
  };
  const ranks = answerable.map(rankOf);
  return {
    recallAt3: ranks.filter((r) => r !== null && r <= 3).length / answerable.length,
    mrrAt10: ranks.reduce<number>((sum, r) => sum + (r !== null && r <= 10 ? 1 / r : 0), 0) / answerable.length,
    abstention: unanswerable.filter((r) => !r.result.answered).length / unanswerable.length,
    answeredWhenAnswerable: answerable.filter((r) => r.result.answered).length / answerable.length,
  };
}

describe('政策问答 on the gold set', () => {
  const results = GOLD.map((g) => ({ ...g, result: index.ask(g.q, TODAY) }));
  const figures = evaluate(results);

  it(`meets the recorded floors (${GOLD.length} questions over ${passages.length} passages)`, async ({ annotate }) => {
    const misses = results.filter((r) => (r.expect.length > 0) !== r.result.answered || (r.expect.length > 0 && !r.result.ranked.slice(0, 3).some((x) => r.expect.includes(passageKey(x.passage)))));
    await annotate(
      `qa eval: ${misses.length} questions answered wrongly, abstained wrongly, or ranked outside the top 3; recall@3 ${figures.recallAt3.toFixed(3)}, MRR@10 ${figures.mrrAt10.toFixed(3)}, abstention ${figures.abstention.toFixed(3)}, answered when answerable ${figures.answeredWhenAnswerable.toFixed(3)}`,
    );
    for (const [name, floor] of Object.entries(FLOOR)) expect(figures[name as keyof typeof FLOOR], name).toBeGreaterThanOrEqual(floor);
  });

  it('cites no text that has ended as in force, two years on (when several demo policies have)', () => {
    const later = '2028-12-01';
    const cited = GOLD.flatMap((g) => index.ask(g.q, later).cited);
    const ended = cited.filter((c) => validityOf(c.passage, later) === 'expired');
    expect(ended.length, 'some cited texts have ended by then').toBeGreaterThan(0);
    expect(ended.filter((c) => c.validity === 'current')).toEqual([]);
  });
});

/**
 * Texts and questions the project had never seen (qa-heldout.ts: six policies written for this test,
 * blind to the ranker and its dictionary), loaded beside the demo as an outside check would load its
 * own. The figures of their first run, recorded before anything was changed for them (4 Dec: recall@3
 * 0.753, MRR@10 0.681, abstention 0.941, answered 0.515), less a little: below the gold set's, and
 * below the goals — what the dictionary and the coverage threshold do not yet carry to new
 * texts (docs/qa.md). Tuning against these questions would make them seen: write new ones instead.
 */
const HELD_OUT_FLOOR = { recallAt3: 0.74, mrrAt10: 0.67, abstention: 0.94, answeredWhenAnswerable: 0.5 };

describe('政策问答 on texts and questions it has never seen', () => {
  const unseen = HELD_OUT_POLICIES.flatMap((p, i) => passagesOf({ id: 10_000 + i, ...p }, p.guides.map((g) => ({ id: ++guideId, ...g }))));
  const both = new QaIndex([...passages, ...unseen], dict);
  const results = HELD_OUT_QUESTIONS.map((g: GoldQuestion) => ({ ...g, result: both.ask(g.q, TODAY) }));

  it(`meets its recorded floors (${HELD_OUT_QUESTIONS.length} questions over ${unseen.length} new passages beside the demo's)`, async ({ annotate }) => {
    const keys = new Set(unseen.map(passageKey));
    expect(HELD_OUT_QUESTIONS.flatMap((q) => q.expect).filter((k) => !keys.has(k)), 'every expected passage exists').toEqual([]);
    const figures = evaluate(results);
    await annotate(
      `qa held-out: recall@3 ${figures.recallAt3.toFixed(3)}, MRR@10 ${figures.mrrAt10.toFixed(3)}, abstention ${figures.abstention.toFixed(3)}, answered when answerable ${figures.answeredWhenAnswerable.toFixed(3)}`,
    );
    for (const [name, floor] of Object.entries(HELD_OUT_FLOOR)) expect(figures[name as keyof typeof HELD_OUT_FLOOR], name).toBeGreaterThanOrEqual(floor);
  });

  it('cites its ended notice (有效期至 2026-06-30) as 已失效, never as in force', () => {
    const cited = results.flatMap((r) => r.result.cited);
    const ended = cited.filter((c) => validityOf(c.passage, TODAY) === 'expired');
    expect(ended.length).toBeGreaterThan(0);
    expect(ended.every((c) => c.validity === 'expired')).toBe(true);
  });
});
