// Where each dictionary's codes are used: the console shows how many items of content use a code,
// enterprise profiles, 政策推送 subscriptions and 企业诉求, and an item in use cannot be deleted (only
// disabled, so what uses it keeps its label). Later services add their tables here.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DictType, RuleField } from '@hqt/contract/policy';
import type { DbOrTx } from '../../db/client';
import { enterprises, guides, policies, pushSubscriptions } from '../../db/schema/index';
import { appeals } from '../appeal/public';
import { visits } from '../visit/public';

/** Each source answers (kind, id, code): one row per item of content and code it uses. */
const policyColumn = (column: AnyPgColumn): SQL => sql`select 'policy'::text, ${policies.id}, ${column} from ${policies}`;
const guideColumn = (column: AnyPgColumn): SQL => sql`select 'guide'::text, ${guides.id}, ${column} from ${guides}`;
const guideArray = (column: AnyPgColumn): SQL => sql`select 'guide'::text, ${guides.id}, unnest(${column}) from ${guides}`;
/** Enterprise profiles (deleted ones too: their evaluations keep showing the label). */
const enterpriseColumn = (column: AnyPgColumn): SQL => sql`select 'enterprise'::text, ${enterprises.id}, ${column} from ${enterprises} where ${column} is not null`;
const enterpriseQualifications = sql`select 'enterprise'::text, ${enterprises.id}, q ->> 'code' from ${enterprises} cross join lateral jsonb_array_elements(${enterprises.qualifications}) q`;
/** 政策推送 subscriptions that follow a code: deleting it would leave them following nothing, unlabelled. */
const subscriptions = (kind: 'supportType' | 'industry' | 'department'): SQL =>
  sql`select 'subscription'::text, ${pushSubscriptions.id}, ${pushSubscriptions.value} from ${pushSubscriptions} where ${pushSubscriptions.kind} = ${kind}`;
/** A guide's eligibility conditions on the field: a value is one code or a list of them. */
const guideCondition = (field: RuleField): SQL => sql`
  select 'guide'::text, ${guides.id}, v.code from ${guides}
    cross join lateral jsonb_array_elements(${guides.eligibility} -> 'groups') grp
    cross join lateral jsonb_array_elements(grp) c
    cross join lateral jsonb_array_elements_text(case jsonb_typeof(c -> 'value') when 'array' then c -> 'value' else jsonb_build_array(c -> 'value') end) v(code)
  where c ->> 'field' = ${field}`;

export const DICT_USAGE: Record<DictType, SQL[]> = {
  policyLevel: [policyColumn(policies.level)],
  department: [policyColumn(policies.department), subscriptions('department'), sql`select 'appeal'::text, ${appeals.id}, ${appeals.department} from ${appeals} where ${appeals.department} is not null`],
  supportType: [guideColumn(guides.supportType), subscriptions('supportType')],
  guideMode: [guideColumn(guides.mode)],
  industry: [guideArray(guides.industries), guideCondition('industry'), enterpriseColumn(enterprises.industry), subscriptions('industry')],
  region: [guideArray(guides.regions), guideCondition('region'), enterpriseColumn(enterprises.region)],
  qualification: [guideCondition('qualification'), enterpriseQualifications],
  scale: [guideCondition('scale'), enterpriseColumn(enterprises.scale)],
  nature: [enterpriseColumn(enterprises.nature)],
  appealCategory: [sql`select 'appeal'::text, ${appeals.id}, ${appeals.category} from ${appeals}`],
  visitType: [sql`select 'visit'::text, ${visits.id}, ${visits.type} from ${visits} where ${visits.type} is not null`],
};

/** How many items of content use each code of a dictionary (or only the one code asked about). */
export async function dictUsage(db: DbOrTx, type: DictType, code?: string): Promise<Map<string, number>> {
  const sources = DICT_USAGE[type];
  if (!sources.length) return new Map();
  // `union` keeps one row per item and code: a guide naming an industry twice counts once.
  const rows = await db.execute<{ code: string; n: string }>(sql`
    select code, count(*) as n from (${sql.join(sources, sql` union `)}) u(kind, id, code)
    ${code === undefined ? sql`` : sql`where code = ${code}`}
    group by code`);
  return new Map(rows.rows.map((r) => [r.code, Number(r.n)]));
}
