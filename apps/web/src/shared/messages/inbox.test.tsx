import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { withId } from '@hqt/contract/calculator';
import type { PageOf } from '@hqt/contract/envelope';
import { INBOX_PATHS, type InboxMessage, type InboxPageQuery, type UnreadCount } from '@hqt/contract/inbox';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../test/msw';
import { Inbox } from './inbox';

beforeEach(() => session.clear());

const message = (id: number, title: string, read: boolean): InboxMessage => ({
  id,
  source: 'policy',
  sourceLabel: '政策',
  kind: 'push.published',
  kindLabel: '新政策发布',
  link: `/policyMarket/policyMarket?guide=${100 + id}`,
  title,
  body: `「${title}」已发布，申报时间 2026-12-01 至 2026-12-31。`,
  reasons: ['订阅关键词「研发」'],
  read,
  createdAt: '2026-11-20T02:00:00.000Z',
});

/** A server holding two messages, one unread; it records what the page asks and marks. */
function serveInbox() {
  const messages = [message(1, '研发费用补助', false), message(2, '技术改造奖励', true)];
  const asked: InboxPageQuery[] = [];
  const marked: string[] = [];
  server.use(
    mock.post(INBOX_PATHS.page, async ({ request }) => {
      const query = (await request.json()) as InboxPageQuery;
      asked.push(query);
      const list = messages.filter((m) => (query.read === 'unread' ? !m.read : query.read === 'read' ? m.read : true));
      const page: PageOf<InboxMessage> = { list, total: list.length, currentPage: query.currentPage, pageSize: query.pageSize };
      return HttpResponse.json(ok(page));
    }),
    mock.get(INBOX_PATHS.unreadCount, () => HttpResponse.json(ok<UnreadCount>({ unread: messages.filter((m) => !m.read).length }))),
    mock.post(withId(INBOX_PATHS.read, 1), () => {
      marked.push('1');
      messages[0]!.read = true;
      return HttpResponse.json(ok(messages[0]));
    }),
    mock.post(INBOX_PATHS.readAll, () => {
      marked.push('all');
      const updated = messages.filter((m) => !m.read).length;
      for (const m of messages) m.read = true;
      return HttpResponse.json(ok({ updated }));
    }),
  );
  return { asked, marked };
}

function renderInbox(path = '/policyPush/policyPush', Component: ComponentType = Inbox) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/policyPush/policyPush', Component },
      { path: '/policyMarket/policyMarket', Component: () => <p>政策超市</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

test('an unread message stands out with its reasons; opening it marks it read and opens its guide', async () => {
  const { marked } = serveInbox();
  const router = renderInbox();
  const title = await screen.findByRole('button', { name: '研发费用补助' });
  expect(title.closest('.inbox-message')).toHaveClass('inbox-message-unread');
  expect(screen.getByRole('button', { name: '技术改造奖励' }).closest('.inbox-message')).not.toHaveClass('inbox-message-unread');
  expect(screen.getAllByText(/推送原因：订阅关键词「研发」/)).toHaveLength(2);

  await userEvent.click(title);
  await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/policyMarket/policyMarket?guide=101'));
  expect(marked).toEqual(['1']);
});

test('the list starts at 20 a page (spec §2 §9), and a body\'s lines stay lines', async () => {
  const { asked } = serveInbox();
  renderInbox();
  await screen.findByRole('button', { name: '研发费用补助' });
  expect(asked[0]).toMatchObject({ currentPage: 1, pageSize: 20 });
  cleanup();
  server.use(
    mock.post(INBOX_PATHS.page, () =>
      HttpResponse.json(ok<PageOf<InboxMessage>>({ list: [{ ...message(3, '走访邀约：技改走访', false), body: '走访编号 ZF20261202-0001\n走访时间：2026-12-10 10:00 – 11:30' }], total: 1, currentPage: 1, pageSize: 20 })),
    ),
  );
  renderInbox();
  const body = (await screen.findByText('走访编号 ZF20261202-0001')).closest('.inbox-message-body')!;
  expect([...body.children].map((line) => line.textContent)).toEqual(['走访编号 ZF20261202-0001', '走访时间：2026-12-10 10:00 – 11:30']);
});

test('opening a message already read marks nothing', async () => {
  const { marked } = serveInbox();
  renderInbox();
  await userEvent.click(await screen.findByRole('button', { name: '技术改造奖励' }));
  await screen.findByText('政策超市');
  expect(marked).toEqual([]);
});

test('未读 filters on the server and stays in the address; 全部标为已读 marks all and then has nothing left to do', async () => {
  const { asked, marked } = serveInbox();
  const router = renderInbox();
  await screen.findByRole('button', { name: '研发费用补助' });
  await userEvent.click(screen.getByText('未读', { selector: 'span' }));
  await waitFor(() => expect(asked.at(-1)).toMatchObject({ read: 'unread', currentPage: 1 }));
  expect(router.state.location.search).toBe('?read=unread');
  await waitFor(() => expect(screen.queryByRole('button', { name: '技术改造奖励' })).toBeNull());

  const readAll = screen.getByRole('button', { name: '全部标为已读' });
  await userEvent.click(readAll);
  expect(await screen.findByText('已将 1 条消息标为已读')).toBeInTheDocument();
  expect(marked).toEqual(['all']);
  await waitFor(() => expect(screen.getByRole('button', { name: '全部标为已读' })).toBeDisabled());
  expect(await screen.findByText('没有符合条件的消息')).toBeInTheDocument();
});

test('消息中心 filters by source on the server; 政策推送’s tab always asks for 政策 and offers no source', async () => {
  const { asked } = serveInbox();
  const router = renderInbox();
  await screen.findByRole('button', { name: '研发费用补助' });
  expect(screen.getAllByText('政策 · 新政策发布')).toHaveLength(2);
  await userEvent.click(screen.getByRole('combobox', { name: '消息来源' }));
  await userEvent.click(await screen.findByTitle('诉求'));
  await waitFor(() => expect(asked.at(-1)).toMatchObject({ source: 'appeal', currentPage: 1 }));
  expect(router.state.location.search).toBe('?source=appeal');

  const policyOnly = () => <Inbox source="policy" />;
  cleanup();
  asked.length = 0;
  renderInbox('/policyPush/policyPush', policyOnly);
  await screen.findByRole('button', { name: '研发费用补助' });
  expect(asked.at(-1)).toMatchObject({ source: 'policy' });
  expect(screen.queryByRole('combobox', { name: '消息来源' })).toBeNull();
});
