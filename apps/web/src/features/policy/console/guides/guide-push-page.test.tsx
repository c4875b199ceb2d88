import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { consolePath } from '@hqt/contract/console';
import { type GuidePush, PUSH_CONSOLE_PATHS, type PushRecipientPageQuery, type PushRecipientRow } from '@hqt/contract/push-console';
import type { PageOf } from '@hqt/contract/envelope';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../../test/msw';
import GuidePushPage from './guide-push-page';

beforeEach(() => session.clear());

const PUSH: GuidePush = {
  guideId: 7,
  title: '数字乡村建设示范奖补',
  events: [
    { event: 'published', eventLabel: '新政策发布', createdAt: '2026-03-02T01:00:00.000Z', finished: true, finishedAt: '2026-03-02T01:00:02.000Z', accounts: 4, enterprises: 5, read: 1 },
    { event: 'opened', eventLabel: '开始申报', createdAt: '2026-03-05T01:00:00.000Z', finished: false, finishedAt: null, accounts: 2, enterprises: 2, read: 0 },
  ],
};
const ROWS: PushRecipientRow[] = [
  { id: 1, event: 'published', eventLabel: '新政策发布', accountId: 3, username: 'yunxi', accountName: '云溪智造', enterprises: ['云溪智造科技有限公司', '云溪智造分公司'], reasons: ['订阅关键词「数字乡村」'], read: true, readAt: '2026-03-02T02:00:00.000Z', sentAt: '2026-03-02T01:00:01.000Z' },
  { id: 2, event: 'published', eventLabel: '新政策发布', accountId: 4, username: 'lvye', accountName: '绿野农业', enterprises: [], reasons: ['符合条件：绿野农业有限公司'], read: false, readAt: null, sentAt: '2026-03-02T01:00:01.000Z' },
];

function serve() {
  const queries: PushRecipientPageQuery[] = [];
  server.use(
    mock.get(consolePath(PUSH_CONSOLE_PATHS.guidePush, { id: 7 }), () => HttpResponse.json(ok(PUSH))),
    mock.post(consolePath(PUSH_CONSOLE_PATHS.guidePushRecipients, { id: 7 }), async ({ request }) => {
      const query = (await request.json()) as PushRecipientPageQuery;
      queries.push(query);
      const list = query.read === 'unread' ? ROWS.filter((r) => !r.read) : ROWS;
      const page: PageOf<PushRecipientRow> = { list, total: list.length, currentPage: query.currentPage, pageSize: query.pageSize };
      return HttpResponse.json(ok(page));
    }),
  );
  return queries;
}

function renderPage(path = '/admin/guides/7/push') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/guides/:id/push', Component: GuidePushPage }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

test('each event with whom it reached, how many read it and whether its fan-out finished; the accounts with their read state', async () => {
  serve();
  renderPage();
  const published = (await screen.findByText('新政策发布', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;
  expect(within(published).getByText('推送完成')).toBeInTheDocument();
  for (const [title, value] of [['通知账号', '4'], ['涉及企业', '5'], ['已读账号', '1'], ['阅读率', '25%']] as const) {
    expect(within(published).getByText(title).closest('.ant-statistic')).toHaveTextContent(`${title}${value}`);
  }
  const opened = screen.getByText('开始申报', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
  expect(within(opened).getByText('推送中')).toBeInTheDocument();
  expect(within(opened).getByText(/已写入 2 条，仍在推送/)).toBeInTheDocument();

  const read = (await screen.findByText('yunxi')).closest('tr') as HTMLElement;
  expect(within(read).getByText('云溪智造科技有限公司、云溪智造分公司')).toBeInTheDocument();
  expect(within(read).getByText('已读')).toBeInTheDocument();
  const unread = screen.getByText('lvye').closest('tr') as HTMLElement;
  expect(within(unread).getByText('未读')).toBeInTheDocument();
  expect(within(unread).getByText('符合条件：绿野农业有限公司')).toBeInTheDocument();
});

test('the filters in the address are sent to the server (a bad one is left out)', async () => {
  const queries = serve();
  renderPage('/admin/guides/7/push?read=unread&event=nonsense&keyword=%E7%BB%BF%E9%87%8E');
  await screen.findByText('lvye');
  await waitFor(() => expect(queries.at(-1)).toEqual({ currentPage: 1, pageSize: expect.any(Number), read: 'unread', keyword: '绿野' }));
  expect(screen.queryByText('yunxi')).toBeNull();
});
