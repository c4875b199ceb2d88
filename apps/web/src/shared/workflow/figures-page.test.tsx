import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG } from '@hqt/contract/messages';
import { POLICY_PATHS } from '@hqt/contract/policy';
import { ok, server } from '../../../test/msw';
import { FiguresPage, type FiguresMeasure, type FiguresRow } from './figures-page';

type M = 'count' | 'share';
const MEASURES: FiguresMeasure<M>[] = [
  { key: 'count', title: '件数', charted: true },
  { key: 'share', title: '占比', rate: true },
];
const DATA: { rows: FiguresRow<M>[]; totals: Record<M, number | null> } = {
  rows: [
    { key: 'a', label: '甲', count: 3, share: 0.5 },
    { key: 'b', label: '乙', count: 0, share: null },
  ],
  totals: { count: 3, share: 0.5 },
};

function renderAt(path: string) {
  server.use(mock.get(POLICY_PATHS.dictionary, () => HttpResponse.json(ok([{ code: 'policy', label: '惠企政策', extra: null }]))));
  const asked: unknown[] = [];
  const reported: [string, number][] = [];
  const page = (
    <FiguresPage
      title="测试统计"
      groupings={{ month: '月份', town: '乡镇' }}
      minYear={2020}
      filters={[{ param: 'kind', dict: 'appealCategory', label: '类别', placeholder: '全部类别', width: 140 }]}
      query={(query) => queryOptions({ queryKey: ['figures-test', query], queryFn: () => (asked.push(query), Promise.resolve(DATA)) })}
      measures={() => MEASURES}
      rows={(data) => data.rows}
      totals={(data) => data.totals}
      notes="说明"
      exportHeading={() => ['共 2 组']}
      report={(list, rows) => (reported.push([list, rows]), Promise.resolve())}
    />
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createMemoryRouter([{ path: '/figures', element: page }], { initialEntries: [path] })} />
    </QueryClientProvider>,
  );
  return { asked, reported };
}

test("the print: the table as shown with its 合计 row, under the heading with the chosen filter's label and the service's lines; the file named by year and grouping; what left is reported", async () => {
  const { asked, reported } = renderAt('/figures?year=2025&by=town&kind=policy');
  await screen.findByText('甲', { selector: 'td' });
  expect(asked).toEqual([{ year: 2025, by: 'town', kind: 'policy' }]);

  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: '导出 / 打印' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('textbox', { name: '文件名' })).toHaveValue('测试统计-2025-按乡镇');
  await user.click(within(dialog).getByRole('button', { name: '打 印' }));

  expect(await screen.findByText(MSG.printDone)).toBeInTheDocument();
  expect(reported).toEqual([['测试统计（打印）', 3]]);
  const printed = document.querySelector<HTMLIFrameElement>('iframe.print-frame')!.contentDocument!;
  expect([...printed.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['2025年 · 按乡镇 · 惠企政策', '共 2 组']);
  expect([...printed.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => c.textContent))).toEqual([
    ['乡镇', '件数', '占比'],
    ['甲', '3', '50%'],
    ['乙', '0', '—'],
    ['合计', '3', '50%'],
  ]);
});
