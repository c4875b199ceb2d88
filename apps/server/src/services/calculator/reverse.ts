// The reverse of the calculator, for the bureau: the enterprises one guide's rules admit (the 免申即享
// list to fulfil; the push service's audience). The same engine, one guide against every live
// enterprise; enterprises arrive as one JSON document, which is several times faster to read than
// 100,000 rows of jsonb columns.
import { eq, sql } from 'drizzle-orm';
import type { QualifiedEnterprise } from '@hqt/contract/calculator';
import { evaluateGuide, type EnterpriseFacts } from '@hqt/contract/calculator-engine';
import type { PageOf, PageQuery } from '@hqt/contract/envelope';
import type { Db } from '../../db/client';
import { guides } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { pageOfArray } from '../../lib/paginate';
import { dictLabel, type Dictionaries } from '../dict/public';
import { ruleGuideColumns, toRuleGuide } from './rulebook';
import { labelsOf } from './service';

type Candidate = { id: number; name: string; creditCode: string; accountName: string } & EnterpriseFacts;

async function liveEnterprises(db: Db): Promise<Candidate[]> {
  const { rows } = await db.execute<{ list: Candidate[] | null }>(sql`
    select json_agg(json_build_object(
      'id', e.id, 'name', e.name, 'creditCode', e.credit_code, 'accountName', a.name,
      'foundedOn', e.founded_on, 'registeredCapital', e.registered_capital, 'patents', e.patents,
      'industry', e.industry, 'scale', e.scale, 'region', e.region,
      'qualifications', e.qualifications, 'indicators', e.indicators) order by e.id) as list
    from enterprises e join accounts a on a.id = e.account_id
    where e.deleted_at is null`);
  return (rows[0]?.list ?? []).map((c) => ({ ...c, registeredCapital: c.registeredCapital == null ? null : Number(c.registeredCapital) }));
}

/** Every live enterprise the guide admits now, with its estimated amount, largest first. */
export async function qualifiedEnterprises(db: Db, dicts: Dictionaries, guideId: number, at = new Date()) {
  const [row] = await db.select(ruleGuideColumns).from(guides).where(eq(guides.id, guideId));
  if (!row) throw notFound('申报指南不存在');
  const guide = toRuleGuide(row);
  const labelOf = labelsOf(dicts);
  const qualified: (Candidate & { amount: number | null; amountText: string })[] = [];
  for (const e of await liveEnterprises(db)) {
    const r = evaluateGuide(guide, e, at, labelOf);
    if (r.verdict === 'eligible') qualified.push({ ...e, amount: r.amount, amountText: r.amountText });
  }
  return qualified.sort((a, b) => (b.amount ?? -1) - (a.amount ?? -1) || a.id - b.id);
}

export async function qualifiedPage(db: Db, dicts: Dictionaries, guideId: number, query: PageQuery & { keyword?: string }): Promise<PageOf<QualifiedEnterprise>> {
  const keyword = query.keyword?.trim().toLowerCase();
  const all = (await qualifiedEnterprises(db, dicts, guideId)).filter(
    (e) => !keyword || e.name.toLowerCase().includes(keyword) || e.creditCode.toLowerCase().includes(keyword),
  );
  const page = pageOfArray(query, all);
  return {
    ...page,
    list: page.list.map((e) => ({
      id: e.id,
      name: e.name,
      creditCode: e.creditCode,
      accountName: e.accountName,
      scaleLabel: e.scale ? dictLabel(dicts, 'scale', e.scale) : '',
      regionLabel: e.region ? dictLabel(dicts, 'region', e.region) : '',
      amount: e.amount,
      amountText: e.amountText,
    })),
  };
}
