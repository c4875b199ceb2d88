// 政策兑现 on the home page (this year, no enterprise named): the 申兑 totals in 申兑统计's words, and
// the 公示 open now, each a link to its list (a visitor may read it and object). Drawn in the look of
// 企业诉求's figures beside it (the shared FigureList).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatRate } from '@hqt/contract/appeal-stats';
import { APPLY_STATS_PATHS, type ApplyTotals } from '@hqt/contract/apply-stats';
import { publicityLink } from '@hqt/contract/payout';
import { http } from '@/shared/api/http';
import { FigureList, type Figure } from '@/shared/ui/figure-list';
import { payoutQueries } from '../api/payout-api';

export function ApplyTotalsFigures() {
  const { data: totals } = useQuery({ queryKey: ['payout', 'totals'], queryFn: () => http.get<ApplyTotals>(APPLY_STATS_PATHS.totals) });
  const { data: publicities } = useQuery(payoutQueries.publicities({ currentPage: 1, pageSize: 5 }));
  const open = (publicities?.list ?? []).filter((p) => p.open);
  const figures: Figure[] = [
    ['今年申报', totals?.applications ?? '—'],
    ['获支持', totals?.supported ?? '—'],
    ['到账金额（万元）', totals?.paidAmount ?? '—'],
    ['申报至到账（工作日，中位数）', totals?.medianDays ?? '—'],
    ['免申即享占比', formatRate(totals?.autoShare ?? null)],
    ['兑现满意率', formatRate(totals?.satisfactionRate ?? null)],
    ['首次满意率', formatRate(totals?.firstSatisfactionRate ?? null)],
  ];
  return (
    <>
      <FigureList figures={figures} />
      {open.length > 0 && (
        <ul style={{ margin: '12px 0 0', paddingLeft: 20 }} aria-label="正在公示">
          {open.map((p) => (
            <li key={p.id}>
              <Link to={publicityLink(p.id)}>{`正在公示：${p.title}（至 ${p.endsOn}）`}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
