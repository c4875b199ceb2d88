// The reverse of the calculator, for the bureau: the enterprises one guide's rules admit (the 免申即享
// list to fulfil; the push service's audience). The same engine, one guide against every live
// enterprise, without words; the words only for the page shown.
//
// Every node keeps every live enterprise's facts in memory (100,000 enterprises: some 100 MB):
// reading them all takes over a second, evaluating them a fraction of that. A trigger names each
// changed enterprise (`hqt_enterprises_changed`) and the next read re-reads just those rows.
import { inArray, sql } from 'drizzle-orm';
import type { QualifiedEnterprise } from '@hqt/contract/calculator-console';
import { assessGuide, estimateAmount, dateOf, type EnterpriseFacts } from '@hqt/contract/calculator-engine';
import type { PageOf, PageQuery } from '@hqt/contract/envelope';
import type { Db } from '../../db/client';
import { accounts, guides } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { NotifiedCache } from '../../lib/notified-cache';
import { pageOfArray } from '../../lib/paginate';
import { dictLabel, type Dictionaries } from '../dict/public';
import { ruleGuideColumns, toRuleGuide } from './rulebook';

type Candidate = { id: number; accountId: number; name: string; creditCode: string } & EnterpriseFacts;
type Candidates = Map<number, Candidate>;

/** Live enterprises as one JSON document: several times faster to read than rows of jsonb columns. */
async function readEnterprises(db: Db, ids?: number[]): Promise<Candidate[]> {
  const { rows } = await db.execute<{ list: Candidate[] | null }>(sql`
    select json_agg(json_build_object(
      'id', e.id, 'accountId', e.account_id, 'name', e.name, 'creditCode', e.credit_code,
      'foundedOn', e.founded_on, 'registeredCapital', e.registered_capital, 'patents', e.patents,
      'industry', e.industry, 'scale', e.scale, 'region', e.region,
      'qualifications', e.qualifications, 'indicators', e.indicators)) as list
    from enterprises e
    where e.deleted_at is null ${ids ? sql`and e.id = any(${`{${ids.join(',')}}`}::int[])` : sql``}`);
  return (rows[0]?.list ?? []).map((c) => ({ ...c, registeredCapital: c.registeredCapital == null ? null : Number(c.registeredCapital) }));
}

export class EnterpriseFactsStore {
  private readonly cache: NotifiedCache<Candidates>;

  constructor(db: Db, connectionString: string, onError: (err: Error) => void) {
    this.cache = new NotifiedCache<Candidates>({
      connectionString,
      channel: 'hqt_enterprises_changed',
      onError,
      load: async () => new Map((await readEnterprises(db)).map((c) => [c.id, c])),
      refresh: async (current, payloads) => {
        const ids = [...new Set(payloads.map(Number))].filter(Number.isInteger);
        for (const id of ids) current.delete(id); // deleted ones stay deleted
        for (const c of await readEnterprises(db, ids)) current.set(c.id, c);
        return current;
      },
    });
  }

  start = () => this.cache.start();
  stop = () => this.cache.stop();
  all = () => this.cache.get();
}

/** Every live enterprise the guide admits now, with its estimated amount, largest first. */
export async function qualifiedEnterprises(db: Db, store: EnterpriseFactsStore, guideId: number, at = new Date()) {
  const [row] = await db.select(ruleGuideColumns).from(guides).where(sql`${guides.id} = ${guideId}`);
  if (!row) throw notFound('申报指南不存在');
  const guide = toRuleGuide(row);
  const asOf = dateOf(at);
  const qualified: { enterprise: Candidate; amount: number | null }[] = [];
  for (const e of (await store.all()).values()) {
    const r = assessGuide(guide, e, at, asOf);
    if (r.verdict === 'eligible') qualified.push({ enterprise: e, amount: r.amount });
  }
  return { guide, asOf, list: qualified.sort((a, b) => (b.amount ?? -1) - (a.amount ?? -1) || a.enterprise.id - b.enterprise.id) };
}

export async function qualifiedPage(
  db: Db,
  store: EnterpriseFactsStore,
  dicts: Dictionaries,
  guideId: number,
  query: PageQuery & { keyword?: string },
): Promise<PageOf<QualifiedEnterprise>> {
  const keyword = query.keyword?.trim().toLowerCase();
  const { guide, asOf, list } = await qualifiedEnterprises(db, store, guideId);
  const page = pageOfArray(
    query,
    list.filter(({ enterprise: e }) => !keyword || e.name.toLowerCase().includes(keyword) || e.creditCode.toLowerCase().includes(keyword)),
  );
  const accountIds = [...new Set(page.list.map(({ enterprise }) => enterprise.accountId))];
  const names = new Map(
    accountIds.length ? (await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, accountIds))).map((a) => [a.id, a.name]) : [],
  );
  return {
    ...page,
    list: page.list.map(({ enterprise: e, amount }) => ({
      id: e.id,
      name: e.name,
      creditCode: e.creditCode,
      accountName: names.get(e.accountId) ?? '',
      scaleLabel: e.scale ? dictLabel(dicts, 'scale', e.scale) : '',
      regionLabel: e.region ? dictLabel(dicts, 'region', e.region) : '',
      amount,
      amountText: estimateAmount(guide.amountRule, e, asOf).text,
    })),
  };
}
