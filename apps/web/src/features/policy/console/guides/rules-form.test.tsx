import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { RULE_FIELDS, describeCondition, ruleProblems, type AmountRule, type Condition, type EligibilityRules } from '@hqt/contract/policy';
import RulesForm, { type RulesValue } from './rules-form';


const DICTS: Record<string, { value: string; label: string }[]> = {
  qualification: [
    { value: 'hightech', label: '高新技术企业' },
    { value: 'sme', label: '科技型中小企业' },
  ],
  scale: [
    { value: 'small', label: '小型' },
    { value: 'micro', label: '微型' },
  ],
  industry: [{ value: 'C', label: '制造业' }],
  region: [{ value: 'town1', label: '城关镇' }],
};
const options = (dict: string) => DICTS[dict] ?? [];
const labelOf = (dict: string, code: string) => options(dict).find((o) => o.value === code)?.label ?? code;
const knownCode = (dict: string, code: string) => options(dict).some((o) => o.value === code);

const EMPTY: RulesValue = { eligibility: { groups: [] }, amountRule: { kind: 'none' } };

/** The page's part: it holds the value; `last` is what the form emitted last. */
function setup(initial: RulesValue = EMPTY) {
  const emitted: RulesValue[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <RulesForm
        value={value}
        onChange={(v) => {
          emitted.push(v);
          setValue(v);
        }}
        labelOf={labelOf}
        options={options}
      />
    );
  }
  render(<Harness />);
  return { user: userEvent.setup(), last: () => emitted[emitted.length - 1]! };
}

/**
 * Opens an antd Select and clicks the option with this label in the open dropdown. The list is
 * virtual (jsdom renders its first rows only), so a searchable Select is narrowed by typing first.
 */
async function pick(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, label: string, { search = false } = {}) {
  await user.click(combobox);
  if (search) await user.type(combobox, label);
  const option = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
    const match = open.filter((o) => o.getAttribute('title') === label || o.textContent === label);
    expect(match.length).toBeGreaterThan(0);
    return match[match.length - 1]!;
  });
  await user.click(option);
}

async function typeNumber(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
}

const preview = () => screen.getByRole('region', { name: '规则预览（门户显示效果）' });

// ---- the contract's schema, checked by hand: the web build aliases typebox to a stub (vite.config.ts,
// build/typebox-browser.ts), in tests too, so Value.Check cannot run here.
const OPS = ['gte', 'lte', 'gt', 'lt', 'eq', 'in', 'has'];
const keysWithin = (o: object, allowed: string[]) => Object.keys(o).every((k) => allowed.includes(k));
const isNum = (n: unknown, min = -Infinity) => typeof n === 'number' && Number.isFinite(n) && n >= min;
function matchesCondition(c: Condition): boolean {
  const valueOk =
    typeof c.value === 'number' ||
    (typeof c.value === 'string' && c.value.length <= 40) ||
    (Array.isArray(c.value) && c.value.length <= 30 && c.value.every((v) => typeof v === 'string' && v.length <= 40));
  return (
    keysWithin(c, ['field', 'op', 'value', 'year']) &&
    c.field in RULE_FIELDS &&
    OPS.includes(c.op) &&
    valueOk &&
    (!('year' in c) || c.year === 'last' || c.year === 'current')
  );
}
function matchesEligibility(e: EligibilityRules): boolean {
  return keysWithin(e, ['groups']) && e.groups.length <= 10 && e.groups.every((g) => g.length <= 20 && g.every(matchesCondition));
}
function matchesAmountRule(r: AmountRule): boolean {
  const base = (b: unknown) => typeof b === 'string' && b in RULE_FIELDS;
  const cap = (o: { cap?: number }) => !('cap' in o) || isNum(o.cap, 0);
  switch (r.kind) {
    case 'fixed':
      return keysWithin(r, ['kind', 'amount']) && isNum(r.amount, 0);
    case 'rate':
      return keysWithin(r, ['kind', 'base', 'rate', 'cap']) && base(r.base) && isNum(r.rate, 0) && r.rate <= 1 && cap(r);
    case 'perUnit':
      return keysWithin(r, ['kind', 'base', 'perUnit', 'cap']) && base(r.base) && isNum(r.perUnit, 0) && cap(r);
    case 'tiered':
      return (
        keysWithin(r, ['kind', 'base', 'tiers']) &&
        base(r.base) &&
        r.tiers.length >= 1 &&
        r.tiers.length <= 10 &&
        r.tiers.every((t) => keysWithin(t, ['min', 'amount']) && isNum(t.min) && isNum(t.amount, 0))
      );
    case 'none':
      return keysWithin(r, ['kind']);
  }
}

test('面向所有企业 is a choice: it clears the groups, hides their editor and reads so in the preview', async () => {
  const { user, last } = setup({ eligibility: { groups: [[{ field: 'staff', op: 'gte', value: 50, year: 'last' }]] }, amountRule: { kind: 'none' } });
  await user.click(screen.getByRole('checkbox', { name: '面向所有企业（不设条件）' }));
  expect(last().eligibility).toEqual({ groups: [], openToAll: true });
  expect(screen.queryByRole('button', { name: /添加条件组/ })).toBeNull();
  expect(within(preview()).getByText('面向所有企业')).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: '面向所有企业（不设条件）' }));
  expect(last().eligibility).toEqual({ groups: [] });
  expect(screen.getByRole('button', { name: /添加条件组/ })).toBeVisible();
});

test('two groups, one condition each: the preview reads as describeCondition, with 或 between, and the value fits the schema', async () => {
  const { user, last } = setup();
  expect(screen.getByText(/满足任一条件组即可；组内条件须全部满足/)).toBeInTheDocument();
  expect(within(preview()).getByText('未设置（发布前须设置条件组，或勾选「面向所有企业」）')).toBeInTheDocument();

  // Group 1: 上年度研发费用 ≥ 100 (a new condition starts as 上年度研发费用 ≥ 0).
  await user.click(screen.getByRole('button', { name: /添加条件组/ }));
  const g1 = screen.getByRole('group', { name: '条件组 1' });
  await typeNumber(user, within(g1).getByRole('spinbutton', { name: '值' }), '100');

  // Group 2: 资质 具有 高新技术企业.
  await user.click(screen.getByRole('button', { name: /添加条件组/ }));
  const g2 = screen.getByRole('group', { name: '条件组 2' });
  await pick(user, within(g2).getByRole('combobox', { name: '字段' }), '资质', { search: true });
  expect(last().eligibility.groups[1]).toEqual([{ field: 'qualification', op: 'has', value: '' }]);
  await pick(user, within(g2).getByRole('combobox', { name: '值' }), '高新技术企业');

  const value = last();
  expect(value.eligibility.groups).toEqual([
    [{ field: 'rdExpense', op: 'gte', value: 100, year: 'last' }],
    [{ field: 'qualification', op: 'has', value: 'hightech' }],
  ]);
  const [first, second] = value.eligibility.groups.map((g) => describeCondition(g[0]!, labelOf));
  expect(first).toBe('上年度研发费用 ≥ 100 万元');
  expect(second).toBe('资质：高新技术企业');

  const items = within(preview()).getAllByRole('listitem');
  expect(items.map((li) => li.textContent)).toEqual([first, `或：${second}`]);
  expect(within(items[1]!).getByText('或：').tagName).toBe('STRONG');
  expect(within(preview()).getByText('非资金类支持')).toBeInTheDocument();
  expect(within(preview()).queryByRole('alert')).toBeNull();

  expect(ruleProblems(value.eligibility, value.amountRule, knownCode)).toEqual([]);
  expect(matchesEligibility(value.eligibility)).toBe(true);
  expect(matchesAmountRule(value.amountRule)).toBe(true);
});

test('switching a condition from a number field to a dictionary field resets operator, value and year', async () => {
  const { user, last } = setup({
    eligibility: { groups: [[{ field: 'rdExpense', op: 'lt', value: 100, year: 'current' }]] },
    amountRule: { kind: 'none' },
  });
  const g1 = screen.getByRole('group', { name: '条件组 1' });
  expect(within(g1).getByRole('combobox', { name: '年度' })).toBeInTheDocument();

  await pick(user, within(g1).getByRole('combobox', { name: '字段' }), '企业规模', { search: true });
  expect(last().eligibility.groups[0]).toEqual([{ field: 'scale', op: 'in', value: [] }]);
  expect(within(g1).queryByRole('spinbutton', { name: '值' })).toBeNull();
  expect(within(g1).queryByRole('combobox', { name: '年度' })).toBeNull();
  // An empty choice is a problem the server would refuse.
  expect(within(preview()).getByRole('alert')).toHaveTextContent('条件组 1 第 1 项：请选择「企业规模」的取值');

  await pick(user, within(g1).getByRole('combobox', { name: '值' }), '小型');
  expect(last().eligibility.groups[0]).toEqual([{ field: 'scale', op: 'in', value: ['small'] }]);
  expect(within(preview()).getByRole('listitem')).toHaveTextContent(/^企业规模：小型$/);
  expect(within(preview()).queryByRole('alert')).toBeNull();

  // And back to a number field: ≥ 0, 上年度 for a yearly field.
  await pick(user, within(g1).getByRole('combobox', { name: '字段' }), '营业收入（万元）', { search: true });
  expect(last().eligibility.groups[0]).toEqual([{ field: 'revenue', op: 'gte', value: 0, year: 'last' }]);
  expect(matchesEligibility(last().eligibility)).toBe(true);
});

test("amount rule 按比例 10% capped at 100 previews in the portal's words and stores the rate as 0–1", async () => {
  const { user, last } = setup();
  await pick(user, screen.getByRole('combobox', { name: '支持方式' }), '按比例');
  expect(last().amountRule).toEqual({ kind: 'rate', base: 'rdExpense', rate: 0 });

  await typeNumber(user, screen.getByRole('spinbutton', { name: '比例' }), '10');
  await typeNumber(user, screen.getByRole('spinbutton', { name: '最高金额' }), '100');

  expect(last().amountRule).toEqual({ kind: 'rate', base: 'rdExpense', rate: 0.1, cap: 100 });
  expect(within(preview()).getByText('按研发费用的 10% 给予支持，最高 100 万元')).toBeInTheDocument();
  expect(matchesAmountRule(last().amountRule)).toBe(true);

  // Clearing the cap removes it.
  await user.clear(screen.getByRole('spinbutton', { name: '最高金额' }));
  expect(last().amountRule).toEqual({ kind: 'rate', base: 'rdExpense', rate: 0.1 });
  expect(within(preview()).getByText('按研发费用的 10% 给予支持')).toBeInTheDocument();
});

test('tiers out of order show the problem ruleProblems reports', async () => {
  const { user, last } = setup({ eligibility: { groups: [] }, amountRule: { kind: 'tiered', base: 'revenue', tiers: [{ min: 5000, amount: 5 }] } });
  expect(within(preview()).getByText('营业收入达到 5000万元 支持 5 万元')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: /添加一档/ }));
  const tier2 = screen.getByRole('group', { name: '第 2 档' });
  await typeNumber(user, within(tier2).getByRole('spinbutton', { name: '门槛' }), '1000');
  await typeNumber(user, within(tier2).getByRole('spinbutton', { name: '金额' }), '2');

  const value = last();
  expect(value.amountRule).toEqual({ kind: 'tiered', base: 'revenue', tiers: [{ min: 5000, amount: 5 }, { min: 1000, amount: 2 }] });
  const problems = ruleProblems(value.eligibility, value.amountRule, knownCode);
  expect(problems).toEqual(['金额规则：第 2 档的门槛须高于第 1 档']);
  const alert = within(preview()).getByRole('alert');
  for (const p of problems) expect(within(alert).getByText(p)).toBeInTheDocument();
  expect(matchesAmountRule(value.amountRule)).toBe(true);

  // Put in order: the problem goes.
  await typeNumber(user, within(tier2).getByRole('spinbutton', { name: '门槛' }), '8000');
  expect(within(preview()).queryByRole('alert')).toBeNull();
  expect(within(preview()).getByText('营业收入达到 5000万元 支持 5 万元；营业收入达到 8000万元 支持 2 万元')).toBeInTheDocument();
});

test('a code no longer in the dictionary is a problem', () => {
  setup({ eligibility: { groups: [[{ field: 'qualification', op: 'has', value: 'gone' }]] }, amountRule: { kind: 'fixed', amount: 20 } });
  expect(within(preview()).getByRole('alert')).toHaveTextContent('条件组 1 第 1 项：「gone」不在「资质」字典中');
  expect(within(preview()).getByText('一次性支持 20 万元')).toBeInTheDocument();
});
