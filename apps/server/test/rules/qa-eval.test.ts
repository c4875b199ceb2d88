// 政策问答's evaluation (docs/qa.md): the gold set's questions (qa-gold.ts) over the demo policies'
// passages, ranked by the engine as the server ranks them, with the dictionary's reference terms.
// It prints recall@3, MRR@10 and abstention and fails below the floors recorded here, so a change
// that makes retrieval worse is caught; a change that makes it better raises the floors.
import { describe, expect, it } from 'vitest';
import { QA_SERVICE } from '@hqt/contract/qa';
import { passageKey, passagesOf, QaIndex, validityOf, type GuideSource, type PolicySource, type QaResult } from '../../src/services/qa/engine';
import { termDictionary } from '../../src/services/qa/terms';
import { demoPolicyRows } from '../../src/setup/demo-content/policy';
import { GOLD, type GoldQuestion } from './qa-gold';
import { HELD_OUT_POLICIES, HELD_OUT_QUESTIONS } from './qa-heldout';
import { HELD_OUT_2_POLICIES, HELD_OUT_2_QUESTIONS } from './qa-heldout-2';

type PolicySourceRow = Omit<PolicySource, 'id'>;

/**
 * The figures as last measured, less a little; the issue's goals are recall@3 ≥ 0.9, MRR@10 ≥ 0.75
 * and abstention ≥ 0.9. 4 Dec: 0.904, 0.858, 0.930, 0.823. 4 Dec later, with the guides' 办理流程, routing
 * terms and the general vocabulary: 0.904, 0.854, 0.911, 0.845 — two off-topic how-to questions
 * (公司注销要走哪些流程, 个体户营业执照怎么办理) now meet passages that mention 注销 and 营业执照 once
 * 流程 and 怎么办理 route rather than weigh, while on balance 8 more answerable ones are answered. Abstention and
 * the answered share trade against each other at the coverage threshold (engine.ts MIN_COVERAGE,
 * MAX_UNKNOWN; docs/qa.md).
 */
const FLOOR = { recallAt3: 0.9, mrrAt10: 0.85, abstention: 0.9, answeredWhenAnswerable: 0.84 };

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
 * Texts and questions the project had never seen, loaded beside the demo as an outside check would
 * load its own, each set's figures recorded at its first run less a little. Tuning against these
 * questions would make them seen: write new ones instead.
 * - Set 1 (qa-heldout.ts: six policies, blind to the ranker and its dictionary), first run 4 Dec:
 *   recall@3 0.753, MRR@10 0.681, abstention 0.941, answered 0.515 — below the gold set's and the
 *   issue's goals. Since then its figures only were read, never its questions' results: with the
 *   guides' 办理流程, the routing terms and the general vocabulary (4 Dec, later) 0.753, 0.678, 1.000, 0.577.
 * - Set 2 (qa-heldout-2.ts: six more policies whose guides carry their 办理流程, 110 answerable and 20
 *   unanswerable questions, written after those changes, blind as set 1), first run 4 Dec, 21:38: recall@3
 *   0.764, MRR@10 0.710, abstention 0.900, answered 0.564 — new texts still fall short of the gold set.
 */
const HELD_OUT_FLOOR = { recallAt3: 0.74, mrrAt10: 0.67, abstention: 0.98, answeredWhenAnswerable: 0.56 };
const HELD_OUT_2_FLOOR = { recallAt3: 0.75, mrrAt10: 0.7, abstention: 0.89, answeredWhenAnswerable: 0.55 };

function heldOut(name: string, policies: readonly (PolicySourceRow & { guides: readonly Omit<GuideSource, 'id'>[] })[], questions: readonly GoldQuestion[], floor: typeof FLOOR, firstId: number) {
  describe(`政策问答 on texts and questions it has never seen: ${name}`, () => {
    const unseen = policies.flatMap((p, i) => passagesOf({ id: firstId + i, ...p }, p.guides.map((g) => ({ id: ++guideId, ...g }))));
    const both = new QaIndex([...passages, ...unseen], dict);
    const results = questions.map((g) => ({ ...g, result: both.ask(g.q, TODAY) }));

    it(`meets its recorded floors (${questions.length} questions over ${unseen.length} new passages beside the demo's)`, async ({ annotate }) => {
      const keys = new Set(unseen.map(passageKey));
      expect(questions.flatMap((q) => q.expect).filter((k) => !keys.has(k)), 'every expected passage exists').toEqual([]);
      const figures = evaluate(results);
      await annotate(
        `qa ${name}: recall@3 ${figures.recallAt3.toFixed(3)}, MRR@10 ${figures.mrrAt10.toFixed(3)}, abstention ${figures.abstention.toFixed(3)}, answered when answerable ${figures.answeredWhenAnswerable.toFixed(3)}`,
      );
      for (const [figure, least] of Object.entries(floor)) expect(figures[figure as keyof typeof FLOOR], figure).toBeGreaterThanOrEqual(least);
    });

    it('cites its ended notice as 已失效, never as in force', () => {
      const cited = results.flatMap((r) => r.result.cited);
      const ended = cited.filter((c) => validityOf(c.passage, TODAY) === 'expired');
      expect(ended.length).toBeGreaterThan(0);
      expect(ended.every((c) => c.validity === 'expired')).toBe(true);
    });
  });
}

heldOut('held-out set 1', HELD_OUT_POLICIES, HELD_OUT_QUESTIONS, HELD_OUT_FLOOR, 10_000);
heldOut('held-out set 2', HELD_OUT_2_POLICIES, HELD_OUT_2_QUESTIONS, HELD_OUT_2_FLOOR, 20_000);
