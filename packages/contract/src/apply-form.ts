// 政策申兑's form rules, pure (docs/apply.md): what a field's value must be, what the bureau already
// knows of a field (its prefill), and what a filled form still lacks. The server checks a
// submission with them; the web draws its checklist and errors with the very same code.
import { factNumber, type EnterpriseFacts } from './calculator-engine';
import { APPLY_MSG, MATERIAL_KINDS, type ApplyFormBody, type ChosenMaterials, type FormField, type FormSection, type FormValues, type MaterialRequirement, type PrefillSource } from './apply';
import { PHONE_PATTERN } from './validation';

export const formFields = (sections: readonly FormSection[]): FormField[] => sections.flatMap((s) => s.fields);

/** What every form starts with: the enterprise's identity, prefilled from its profile (the designer's starter, the demo's forms). */
export const PROFILE_SECTION: FormSection = {
  title: '企业基本情况',
  fields: [
    { key: 'name', label: '企业名称', type: 'text', required: true, prefill: 'profile.name' },
    { key: 'creditCode', label: '统一社会信用代码', type: 'text', required: true, prefill: 'profile.creditCode' },
    { key: 'legalPerson', label: '法定代表人', type: 'text', required: true, prefill: 'profile.legalPerson' },
    { key: 'phone', label: '联系电话', type: 'phone', required: true, prefill: 'profile.contactPhone' },
  ],
};
export const materialLabel = (m: Pick<MaterialRequirement, 'kind' | 'label'>) => m.label ?? MATERIAL_KINDS[m.kind];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const PHONE = new RegExp(PHONE_PATTERN);

/** Why a field's value is wrong, or null (an empty optional field is right). */
export function fieldError(field: FormField, raw: string | undefined): string | null {
  const value = (raw ?? '').trim();
  if (!value) return field.required ? APPLY_MSG.fieldRequired(field.label) : null;
  switch (field.type) {
    case 'text':
    case 'textarea': {
      const max = field.max ?? (field.type === 'text' ? 200 : 2000);
      return [...value].length > max ? APPLY_MSG.fieldTooLong(field.label, max) : null;
    }
    case 'number':
    case 'money': {
      if (!NUMBER.test(value)) return APPLY_MSG.fieldNumber(field.label);
      const n = Number(value);
      const min = field.min ?? 0;
      const max = field.max ?? 1e9;
      return n < min || n > max ? APPLY_MSG.fieldRange(field.label, min, max) : null;
    }
    case 'date':
      return DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value) ? null : APPLY_MSG.fieldDate(field.label);
    case 'select':
      return (field.options ?? []).includes(value) ? null : APPLY_MSG.fieldOption(field.label);
    case 'phone':
      return PHONE.test(value) ? null : APPLY_MSG.fieldPhone(field.label);
  }
}

/** A form's own consistency beyond its schema: unique keys, options for a select, min ≤ max, one requirement per kind. */
export function formDefinitionError(form: Pick<ApplyFormBody, 'sections' | 'materials'>): string | null {
  const keys = new Set<string>();
  for (const f of formFields(form.sections)) {
    if (keys.has(f.key)) return `字段标识「${f.key}」重复`;
    keys.add(f.key);
    if (f.type === 'select' && !f.options?.length) return `单选字段「${f.label}」须设置选项`;
    if (f.min !== undefined && f.max !== undefined && f.min > f.max) return `字段「${f.label}」的下限不能大于上限`;
  }
  const kinds = new Set<string>();
  for (const m of form.materials) {
    if (kinds.has(m.kind)) return `材料类型「${MATERIAL_KINDS[m.kind]}」重复`;
    kinds.add(m.kind);
  }
  return null;
}

/** What the bureau knows of an enterprise, as a prefill reads it. */
export interface PrefillFacts extends EnterpriseFacts {
  name: string;
  creditCode: string;
  legalPerson: string | null;
  contactPhone: string | null;
}

const text = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? null : String(v));

/** A source's value for an enterprise at `asOf` (last year's indicators), or null when not known. */
export function prefillValue(source: PrefillSource, facts: PrefillFacts, asOf: string, estimate: number | null): string | null {
  const [from, key] = source.split('.') as ['profile' | 'indicator' | 'calculator', string];
  if (from === 'calculator') return text(estimate);
  if (from === 'indicator') return text(factNumber(facts, key as never, asOf, 'last'));
  return text(facts[key as keyof PrefillFacts] as string | number | null | undefined);
}

/** Every prefilled field's known value (field key → text). */
export function prefillOf(sections: readonly FormSection[], facts: PrefillFacts, asOf: string, estimate: number | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of formFields(sections)) {
    const v = f.prefill ? prefillValue(f.prefill, facts, asOf, estimate) : null;
    if (v !== null) out[f.key] = v;
  }
  return out;
}

/** What a filled form still lacks or has wrong: each field's error and each required material not chosen, in the form's order. */
export function formProblems(form: Pick<ApplyFormBody, 'sections' | 'materials'>, values: FormValues, materials: ChosenMaterials): { key: string; message: string }[] {
  const problems: { key: string; message: string }[] = [];
  const known = new Set(formFields(form.sections).map((f) => f.key));
  for (const key of Object.keys(values)) if (!known.has(key)) problems.push({ key, message: APPLY_MSG.unknownField(key) });
  for (const f of formFields(form.sections)) {
    const error = fieldError(f, values[f.key]);
    if (error) problems.push({ key: f.key, message: error });
  }
  for (const m of form.materials) if (m.required && !materials[m.kind]) problems.push({ key: `material:${m.kind}`, message: APPLY_MSG.materialRequired(materialLabel(m)) });
  return problems;
}
