// The codes policies and guides hold, for the dictionary's usage count (dict/usage.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { RuleField } from '@hqt/contract/policy';
import { guides, policies } from '../../db/schema/index';
import { codesIn, type DictionaryStore } from '../dict/public';

/** A guide's eligibility conditions on the field: a value is one code or a list of them. */
const guideCondition = (field: RuleField): SQL => sql`
  select 'guide'::text, ${guides.id}, v.code from ${guides}
    cross join lateral jsonb_array_elements(${guides.eligibility} -> 'groups') grp
    cross join lateral jsonb_array_elements(grp) c
    cross join lateral jsonb_array_elements_text(case jsonb_typeof(c -> 'value') when 'array' then c -> 'value' else jsonb_build_array(c -> 'value') end) v(code)
  where c ->> 'field' = ${field}`;

export function declarePolicyDictUsage(dicts: DictionaryStore): void {
  dicts.usedBy('policyLevel', codesIn('policy', policies, policies.id, policies.level));
  dicts.usedBy('department', codesIn('policy', policies, policies.id, policies.department));
  dicts.usedBy('supportType', codesIn('guide', guides, guides.id, guides.supportType));
  dicts.usedBy('guideMode', codesIn('guide', guides, guides.id, guides.mode));
  dicts.usedBy('industry', codesIn('guide', guides, guides.id, sql`unnest(${guides.industries})`), guideCondition('industry'));
  dicts.usedBy('region', codesIn('guide', guides, guides.id, sql`unnest(${guides.regions})`), guideCondition('region'));
  dicts.usedBy('qualification', guideCondition('qualification'));
  dicts.usedBy('scale', guideCondition('scale'));
}
