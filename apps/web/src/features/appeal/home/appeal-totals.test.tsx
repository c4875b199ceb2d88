// The home page's 企业诉求 figures: 满意率 beside 首次满意率, 差评 and 整改率, each defined beneath.
import { render, screen } from '@testing-library/react';
import { APPEAL_FIGURE_DEFINITIONS, type AppealTotals } from '@hqt/contract/appeal-stats';
import { AppealTotalsFigures } from './appeal-totals';

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

test('a 满意率 of 100 % reached after 整改 shows beside its 首次满意率, 差评 and 整改率, each defined', () => {
  const totals: AppealTotals = { year: 2026, received: 12, closed: 9, satisfactionRate: 1, firstSatisfactionRate: 4 / 9, onTimeRate: 0.75, badRatings: 5, reworkRate: 0.8 };
  render(<AppealTotalsFigures totals={totals} />);
  expect(figure('今年收到诉求')).toBe('12');
  expect(figure('满意率')).toBe('100%');
  expect(figure('首次满意率')).toBe('44.4%');
  expect(figure('差评')).toBe('5');
  expect(figure('整改率')).toBe('80%');
  for (const key of ['satisfactionRate', 'firstSatisfactionRate', 'badRatings', 'reworkRate'] as const) {
    expect(screen.getByText(new RegExp(APPEAL_FIGURE_DEFINITIONS[key]))).toBeInTheDocument();
  }
});

test("before the totals arrive, or with nothing rated, each shows '—'", () => {
  render(<AppealTotalsFigures totals={undefined} />);
  for (const label of ['今年收到诉求', '满意率', '首次满意率', '差评', '整改率']) expect(figure(label)).toBe('—');
});
