// 政策申兑's form rules as tables (src/apply-form.ts): a field's value, a form's consistency, the
// prefill from what the bureau knows, and what a filled form still lacks. No app, no database.
import { describe, expect, test } from 'vitest';
import type { FormField, FormSection } from '../src/apply';
import { fieldError, formDefinitionError, formProblems, prefillOf, prefillValue, type PrefillFacts } from '../src/apply-form';

const field = (over: Partial<FormField>): FormField => ({ key: 'f', label: '研发投入', type: 'text', required: true, ...over });

describe('a field’s value', () => {
  test.each([
    ['text', {}, '', '请填写研发投入'],
    ['text', {}, '   ', '请填写研发投入'],
    ['text', { required: false }, '', null],
    ['text', { max: 4 }, '五个汉字啊', '研发投入不能超过 4 个字'],
    ['text', { max: 4 }, '四个汉字', null],
    ['textarea', {}, 'x'.repeat(2001), '研发投入不能超过 2000 个字'],
    ['number', {}, '12.5', null],
    ['number', {}, '1e3', '研发投入应为数字'],
    ['number', {}, '十二', '研发投入应为数字'],
    ['money', { min: 1, max: 100 }, '0.5', '研发投入应在 1 到 100 之间'],
    ['money', { min: 1, max: 100 }, '100', null],
    ['money', {}, '-1', '研发投入应在 0 到 1000000000 之间'],
    ['date', {}, '2026-02-28', null],
    ['date', {}, '2026-02-30', '研发投入应为日期（如 2026-01-31）'],
    ['date', {}, '2026/02/01', '研发投入应为日期（如 2026-01-31）'],
    ['select', { options: ['是', '否'] }, '否', null],
    ['select', { options: ['是', '否'] }, '或', '研发投入的选项不正确'],
    ['phone', {}, '13800000000', null],
    ['phone', {}, '0571-1234', '研发投入应为正确的电话号码'],
  ] as const)('%s %o %s → %s', (type, over: { required?: boolean; max?: number; min?: number; options?: readonly string[] }, value, expected) => {
    expect(fieldError(field({ type, ...over, options: over.options ? [...over.options] : undefined }), value)).toBe(expected);
  });
});

describe('a form’s consistency', () => {
  const sections = (fields: FormField[]): FormSection[] => [{ title: '基本信息', fields }];
  test.each([
    [[field({ key: 'a' }), field({ key: 'b' })], [], null],
    [[field({ key: 'a' }), field({ key: 'a' })], [], '字段标识「a」重复'],
    [[field({ type: 'select' })], [], '单选字段「研发投入」须设置选项'],
    [[field({ type: 'number', min: 5, max: 1 })], [], '字段「研发投入」的下限不能大于上限'],
    [[field({})], [{ kind: 'audit', required: true }, { kind: 'audit', required: false }], '材料类型「审计报告」重复'],
  ] as const)('%#', (fields, materials, expected) => {
    expect(formDefinitionError({ sections: sections([...fields]), materials: [...materials] })).toBe(expected);
  });
});

const facts: PrefillFacts = {
  name: '示例科技有限公司',
  creditCode: '91330100MA2XXXXX1X',
  legalPerson: '张三',
  contactPhone: null,
  registeredCapital: 500,
  qualifications: [],
  indicators: [
    { year: 2025, revenue: 3200, rdExpense: 180 },
    { year: 2026, revenue: 100 },
  ],
};

describe('the prefill', () => {
  test.each([
    ['profile.name', '示例科技有限公司'],
    ['profile.legalPerson', '张三'],
    ['profile.contactPhone', null],
    ['profile.registeredCapital', '500'],
    ['profile.patents', null],
    // last year's, never this year's partial figures
    ['indicator.revenue', '3200'],
    ['indicator.rdExpense', '180'],
    ['indicator.tax', null],
    ['calculator.amount', '14.5'],
  ] as const)('%s → %s', (source, expected) => {
    expect(prefillValue(source, facts, '2026-12-02', 14.5)).toBe(expected);
  });

  test('only fields that name a source, and only known values', () => {
    const sections: FormSection[] = [
      { title: '企业', fields: [field({ key: 'name', prefill: 'profile.name' }), field({ key: 'phone', type: 'phone', prefill: 'profile.contactPhone' }), field({ key: 'plan' })] },
    ];
    expect(prefillOf(sections, facts, '2026-12-02', null)).toEqual({ name: '示例科技有限公司' });
  });
});

describe('what a filled form lacks', () => {
  const form = {
    sections: [{ title: '项目', fields: [field({ key: 'project', label: '项目名称' }), field({ key: 'rd', label: '研发投入', type: 'money' as const })] }],
    materials: [
      { kind: 'audit' as const, label: '上年度审计报告', required: true },
      { kind: 'patent' as const, required: false },
    ],
  };
  test('every missing field and required material, in the form’s order, and a key the form does not have', () => {
    expect(formProblems(form, { rd: '十', extra: '1' }, {})).toEqual([
      { key: 'extra', message: '表单中没有字段「extra」' },
      { key: 'project', message: '请填写项目名称' },
      { key: 'rd', message: '研发投入应为数字' },
      { key: 'material:audit', message: '请选择或上传上年度审计报告' },
    ]);
  });
  test('a complete form lacks nothing; an optional material may be left out', () => {
    expect(formProblems(form, { project: '新材料研发', rd: '180' }, { audit: 3 })).toEqual([]);
  });
});
