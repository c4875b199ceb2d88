// 企业诉求's public totals on the home page (this year, no enterprise named): the counts, 按时办结率,
// 满意率 beside 首次满意率, 差评 and 整改率 — so a 满意率 of 100 % reached only after 整改 is seen
// as such — each defined under the figures, in the words of 诉求统计 (APPEAL_FIGURE_DEFINITIONS).
// Drawn as the shared FigureList.
import { APPEAL_FIGURE_DEFINITIONS, formatRate, type AppealTotals } from '@hqt/contract/appeal-stats';
import { FigureList, type Figure } from '@/shared/ui/figure-list';

const DEFINED = ['onTimeRate', 'satisfactionRate', 'firstSatisfactionRate', 'badRatings', 'reworkRate'] as const;

export function AppealTotalsFigures({ totals }: { totals: AppealTotals | undefined }) {
  const figures: Figure[] = [
    ['今年收到诉求', totals?.received ?? '—'],
    ['已办结', totals?.closed ?? '—'],
    ['按时办结率', formatRate(totals?.onTimeRate ?? null)],
    ['满意率', formatRate(totals?.satisfactionRate ?? null)],
    ['首次满意率', formatRate(totals?.firstSatisfactionRate ?? null)],
    ['差评', totals?.badRatings ?? '—'],
    ['整改率', formatRate(totals?.reworkRate ?? null)],
  ];
  return (
    <>
      <FigureList figures={figures} />
      <p className="home-appeal-definitions" style={{ margin: '8px 0 0', fontSize: 12, opacity: 0.65 }}>
        {DEFINED.map((k) => APPEAL_FIGURE_DEFINITIONS[k]).join('；')}。
      </p>
    </>
  );
}
