// What a saved evaluation says changed, and what differs between it and today, in words.
import { INDICATOR_BOUNDS, type EvaluationChanges } from '@hqt/contract/calculator';
import { YEARLY_FIELDS, type EnterpriseFacts, type RuleGuide, windowOf } from '@hqt/contract/calculator-engine';

/** The snapshot's changes against the enterprise's previous one. */
export function changesText(changes: EvaluationChanges): string {
  if (changes.previousId === null) return '首次测算';
  const parts = [
    changes.gained.length ? `新增符合：${changes.gained.map((g) => g.title).join('、')}` : '',
    changes.lost.length ? `不再符合：${changes.lost.map((g) => g.title).join('、')}` : '',
    changes.amounts.length ? `金额变化：${changes.amounts.map((a) => `${a.title} ${a.before ?? '—'} → ${a.after ?? '—'} 万元`).join('、')}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('；') : '与上次相比没有变化';
}

const FACT_LABELS = {
  foundedOn: '成立日期',
  registeredCapital: '注册资本',
  patents: '有效发明专利',
  industry: '所属行业',
  scale: '企业规模',
  region: '所在乡镇（街道）',
} as const;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** Which of the facts the engine reads differ between then and now ("2025年度营业收入", "企业资质"). */
export function factsDiff(then: EnterpriseFacts, now: EnterpriseFacts): string[] {
  const out: string[] = (Object.keys(FACT_LABELS) as (keyof typeof FACT_LABELS)[]).filter((k) => !same(then[k], now[k])).map((k) => FACT_LABELS[k]);
  const quals = (f: EnterpriseFacts) => JSON.stringify(f.qualifications.map((q) => [q.code, q.validUntil ?? null]).sort());
  if (quals(then) !== quals(now)) out.push('企业资质');
  const years = [...new Set([...then.indicators, ...now.indicators].map((r) => r.year))].sort();
  for (const year of years) {
    const a = then.indicators.find((r) => r.year === year);
    const b = now.indicators.find((r) => r.year === year);
    for (const field of YEARLY_FIELDS) if (!same(a?.[field], b?.[field])) out.push(`${year}年度${INDICATOR_BOUNDS[field].label}`);
  }
  return out;
}

/** The snapshot's guides against today's rules: rules changed since, guides closed or withdrawn, guides open now that it did not see. */
export function rulesDiff(then: { id: number; title: string; version: string }[], book: readonly RuleGuide[], at: Date) {
  const now = new Map(book.map((g) => [g.id, g]));
  const seen = new Set(then.map((g) => g.id));
  return {
    changed: then.filter((g) => now.has(g.id) && now.get(g.id)!.version !== g.version).map((g) => g.title),
    gone: then.filter((g) => !now.has(g.id)).map((g) => g.title),
    added: book.filter((g) => !seen.has(g.id) && windowOf(g, at) === 'open').map((g) => g.title),
  };
}
