// 假设测算: a figure that is negative (also with the Unicode minus '−'), past its bounds or not a number
// is said in Chinese under its field and is not evaluated — never taken as 0 — until it is fixed.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { INDICATOR_BOUNDS } from '@hqt/contract/calculator';
import type { EnterpriseFacts } from '@hqt/contract/calculator-engine';
import { WhatIfPanel } from './what-if-panel';

const FACTS: EnterpriseFacts = {
  foundedOn: '2020-03-15',
  registeredCapital: null,
  patents: 2,
  industry: 'C',
  scale: 'small',
  region: 'park',
  qualifications: [],
  indicators: [{ year: 2025, revenue: 3500, rdExpense: 100, staff: 80, socialInsurance: 75 }],
};
const revenue = INDICATOR_BOUNDS.revenue;
const OUT_OF_BOUNDS = `${revenue.label}应在 0 到 ${revenue.max} ${revenue.unit}之间`;
const NOT_A_NUMBER = `${revenue.label}须为数字`;

/** The panel as the results page holds it: the facts follow each change; what was evaluated is recorded. */
function renderPanel() {
  const evaluated: EnterpriseFacts[] = [];
  const invalid: boolean[] = [];
  function Host() {
    const [facts, setFacts] = useState(FACTS);
    return (
      <WhatIfPanel
        asOf="2026-11-20"
        facts={facts}
        changed={facts !== FACTS}
        onChange={(f) => (evaluated.push(f), setFacts(f))}
        onReset={() => setFacts(FACTS)}
        onInvalid={(v) => invalid.push(v)}
      />
    );
  }
  render(<Host />);
  return { evaluated, invalid, user: userEvent.setup({ delay: null }), field: () => screen.getByLabelText(`上年度${revenue.label}`) };
}

test.each([
  ['the Unicode minus', '−5', OUT_OF_BOUNDS],
  ['a hyphen-minus', '-5', OUT_OF_BOUNDS],
  ['letters', 'abc', NOT_A_NUMBER],
  ['more than the bound', String(revenue.max + 1), OUT_OF_BOUNDS],
])('%s (%s) is said under the field and nothing is evaluated, never 0', async (_, typed, message) => {
  const { evaluated, invalid, user, field } = renderPanel();
  await user.clear(field());
  evaluated.length = 0; // the empty field: 缺少数据 (null), evaluated as such
  await user.click(field());
  await user.paste(typed);
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(field()).toHaveValue(typed);
  expect(field()).toHaveAttribute('aria-invalid', 'true');
  expect(evaluated).toEqual([]);
  expect(invalid.at(-1)).toBe(true);
});

test('once fixed the message goes and the figure is evaluated', async () => {
  const { evaluated, invalid, user, field } = renderPanel();
  await user.clear(field());
  await user.type(field(), '−5');
  expect(await screen.findByText(OUT_OF_BOUNDS)).toBeInTheDocument();
  await user.clear(field());
  await user.type(field(), '4200');
  expect(screen.queryByText(OUT_OF_BOUNDS)).toBeNull();
  expect(field()).not.toHaveAttribute('aria-invalid');
  expect(evaluated.at(-1)!.indicators[0]!.revenue).toBe(4200);
  expect(evaluated.map((f) => f.indicators[0]!.revenue)).not.toContain(0);
  expect(invalid.at(-1)).toBe(false);
});

test('a whole-number figure refuses a fraction; 恢复企业数据 clears what was refused', async () => {
  const { evaluated, user } = renderPanel();
  const patents = screen.getByLabelText('有效发明专利');
  await user.clear(patents);
  await user.type(patents, '1.5');
  expect(await screen.findByText('有效发明专利须为整数')).toBeInTheDocument();
  expect(evaluated.map((f) => f.patents)).not.toContain(1.5);
  expect(evaluated.at(-1)!.patents).toBe(1); // '1' and '1.' were whole
  await user.click(screen.getByText('恢复企业数据').closest('button')!);
  expect(screen.queryByText('有效发明专利须为整数')).toBeNull();
  expect(screen.getByLabelText('有效发明专利')).toHaveValue('2');
});
