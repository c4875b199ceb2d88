import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { withId } from '@hqt/contract/calculator';
import type { PageOf } from '@hqt/contract/envelope';
import { PUSH_PATHS, type MessagePageQuery, type PushMessage, type UnreadCount } from '@hqt/contract/push';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import { Inbox } from './inbox';

beforeEach(() => session.clear());

const message = (id: number, title: string, read: boolean): PushMessage => ({
  id,
  event: 'published',
  eventLabel: '新政策发布',
  guideId: 100 + id,
  title,
  body: `「${title}」已发布，申报时间 2026-12-01 至 2026-12-31。`,
  reasons: ['订阅关键词「研发」'],
  read,
  createdAt: '2026-11-20T02:00:00.000Z',
});

/** A server holding two messages, one unread; it records what the page asks and marks. */
function serveInbox() {
  const messages = [message(1, '研发费用补助', false), message(2, '技术改造奖励', true)];
  const asked: MessagePageQuery[] = [];
  const marked: string[] = [];
  server.use(
    mock.post(PUSH_PATHS.messagePage, async ({ request }) => {
      const query = (await request.json()) as MessagePageQuery;
      asked.push(query);
      const list = messages.filter((m) => (query.read === 'unread' ? !m.read : query.read === 'read' ? m.read : true));
      const page: PageOf<PushMessage> = { list, total: list.length, currentPage: query.currentPage, pageSize: query.pageSize };
      return HttpResponse.json(ok(page));
    }),
    mock.get(PUSH_PATHS.unreadCount, () => HttpResponse.json(ok<UnreadCount>({ unread: messages.filter((m) => !m.read).length }))),
    mock.post(withId(PUSH_PATHS.readMessage, 1), () => {
      marked.push('1');
      messages[0]!.read = true;
      return HttpResponse.json(ok(messages[0]));
    }),
    mock.post(PUSH_PATHS.readAllMessages, () => {
      marked.push('all');
      const updated = messages.filter((m) => !m.read).length;
      for (const m of messages) m.read = true;
      return HttpResponse.json(ok({ updated }));
    }),
  );
  return { asked, marked };
}

function renderInbox(path = '/policyPush/policyPush') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/policyPush/policyPush', Component: Inbox },
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
  expect(title.closest('.push-message')).toHaveClass('push-message-unread');
  expect(screen.getByRole('button', { name: '技术改造奖励' }).closest('.push-message')).not.toHaveClass('push-message-unread');
  expect(screen.getAllByText(/推送原因：订阅关键词「研发」/)).toHaveLength(2);

  await userEvent.click(title);
  await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/policyMarket/policyMarket?guide=101'));
  expect(marked).toEqual(['1']);
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
