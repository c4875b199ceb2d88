import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { INBOX_MSG, INBOX_PATHS, type MailPrefs as Prefs, type MailPrefsBody } from '@hqt/contract/inbox';
import { ok, server } from '../../../test/msw';
import { MailPrefs } from './mail-prefs';

function renderPrefs(prefs: Prefs) {
  const saved: MailPrefsBody[] = [];
  let current = prefs;
  server.use(
    mock.get(INBOX_PATHS.mailPrefs, () => HttpResponse.json(ok(current))),
    mock.post(INBOX_PATHS.saveMailPrefs, async ({ request }) => {
      const body = (await request.json()) as MailPrefsBody;
      saved.push(body);
      current = { ...current, sources: body.sources };
      return HttpResponse.json(ok(current, INBOX_MSG.mailPrefsSaved));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MailPrefs />
    </QueryClientProvider>,
  );
  return saved;
}

test('with a confirmed address: the chosen sources are ticked, a change is saved only when 保存 is pressed', async () => {
  const saved = renderPrefs({ available: true, email: 'li@yunxi.cn', sources: ['policy'] });
  expect(await screen.findByText('同时发送到邮箱 li@yunxi.cn：')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: '政策类通知' })).toBeChecked();
  const save = screen.getByRole('button', { name: /保\s*存/ });
  expect(save).toBeDisabled();
  await userEvent.click(screen.getByRole('checkbox', { name: '诉求类通知' }));
  await userEvent.click(save);
  await waitFor(() => expect(saved).toEqual([{ sources: ['policy', 'appeal'] }]));
  expect(await screen.findByText(INBOX_MSG.mailPrefsSaved)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: /保\s*存/ })).toBeDisabled());
});

test('without a confirmed address: says what is missing and offers no choice', async () => {
  renderPrefs({ available: false, email: null, sources: [] });
  expect(await screen.findByText(`${INBOX_MSG.mailUnavailable}。`)).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).toBeNull();
});
