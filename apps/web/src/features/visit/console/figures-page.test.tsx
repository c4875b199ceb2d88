import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { VISIT_CONSOLE_PATHS, type VisitFigures, type VisitFiguresQuery } from '@hqt/contract/visit-console';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import VisitFiguresPage from './figures-page';
import { renderAt } from './test-kit';

beforeEach(() => session.clear());

const FIGURES: VisitFigures = {
  year: 2026,
  byMonth: Array.from({ length: 12 }, (_, i) => ({ key: String(i + 1), label: `${i + 1}月`, visits: i === 10 ? 4 : i === 9 ? 2 : 0 })),
  byStaff: [
    { key: '7', label: '王工', visits: 5 },
    { key: '9', label: '赵管理', visits: 1 },
  ],
  byTown: [
    { key: 'cz', label: '城关镇', visits: 6 },
    { key: '', label: '未填写', visits: 0 },
  ],
  enterprisesVisited: 3,
  enterprisesTotal: 12,
  visitedShare: 0.25,
  problemsRaised: 7,
  problemsSolved: 4,
  appraisals: [
    { key: 'verySatisfied', label: '非常满意', visits: 2 },
    { key: 'dissatisfied', label: '不满意', visits: 1 },
  ],
  satisfiedShare: 2 / 3,
};

test('the year\'s figures: the share visited, problems raised and solved, satisfaction, and the table by the chosen grouping', async () => {
  const asked: VisitFiguresQuery[] = [];
  server.use(
    mock.post(VISIT_CONSOLE_PATHS.figures, async ({ request }) => {
      asked.push((await request.json()) as VisitFiguresQuery);
      return HttpResponse.json(ok(FIGURES));
    }),
  );
  const router = renderAt({ '/admin/visit-figures': VisitFiguresPage }, '/admin/visit-figures?year=2026');
  expect(await screen.findByText('25%')).toBeInTheDocument();
  expect(asked).toEqual([{ year: 2026 }]);
  expect(screen.getByText('3 / 12 家')).toBeInTheDocument();
  expect(screen.getByText('66.7%')).toBeInTheDocument();
  const total = (await screen.findByText('合计')).closest('tr')!;
  expect(within(total).getByText('6')).toBeInTheDocument();
  expect(within(screen.getByText('11月').closest('tr')!).getByText('4')).toBeInTheDocument();

  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByText('按走访人员').closest('label')!);
  await waitFor(() => expect(within(screen.getByText('王工').closest('tr')!).getByText('5')).toBeInTheDocument());
  expect(router.state.location.search).toContain('by=staff');
  await user.click(screen.getByText('按评价').closest('label')!);
  expect(await screen.findByText('评价数')).toBeInTheDocument();
  expect(within(screen.getByText('不满意').closest('tr')!).getByText('1')).toBeInTheDocument();
});
