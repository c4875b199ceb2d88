import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { useSession } from '@/shared/session/session-store';
import { UserArea, type DialogName } from './user-area';

/** The header's account area of a signed-in enterprise, without motion (jsdom runs no animation); the dialogs it asks for. */
function renderArea() {
  const asked: DialogName[] = [];
  useSession.setState({ name: '云溪智造科技有限公司' });
  const view = render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter>
        <UserArea onDialog={(d) => asked.push(d)} greeting={{ current: null }} />
      </MemoryRouter>
    </ConfigProvider>,
  );
  return { asked, view };
}

const greeting = () => screen.getByRole('button', { name: /^欢迎您，/ });
const entry = () => screen.queryByRole('menuitem', { name: '个人资料' });
/** The menu is shown: its entries are there and antd has not hidden it (jsdom applies no antd CSS). */
const menuShown = () => Boolean(entry()?.closest('.ant-dropdown:not(.ant-dropdown-hidden)'));
/** Past the menu's hover delay (antd's 0.15 s). */
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));

afterEach(() => useSession.setState({ name: null }));

it('keeps the menu open when the greeting is clicked after the pointer has rested on it', async () => {
  const user = userEvent.setup();
  const { asked, view } = renderArea();
  await user.hover(greeting());
  await pause(); // the hover has opened the menu
  expect(menuShown()).toBe(true);
  await user.click(greeting()); // a user's click on what they pointed at
  await pause();
  expect(menuShown()).toBe(true);
  await user.click(entry()!);
  expect(asked).toEqual(['profile']);
  await act(async () => view.unmount());
});

it('opens the menu on a click straight away, and Escape closes it', async () => {
  const user = userEvent.setup();
  const { view } = renderArea();
  await user.click(greeting());
  expect(menuShown()).toBe(true);
  await user.keyboard('{Escape}');
  await pause();
  expect(menuShown()).toBe(false);
  await act(async () => view.unmount());
});

it('opened by a click, the menu stays open while the pointer leaves the greeting on its way to an entry, and a click elsewhere closes it', async () => {
  const user = userEvent.setup();
  const { asked, view } = renderArea();
  await user.click(greeting());
  expect(menuShown()).toBe(true);
  // The pointer crosses the header (the menu may still be sliding into place under it): past antd's
  // hover-leave delay, the menu is still there.
  await user.unhover(greeting());
  await pause();
  expect(menuShown()).toBe(true);
  await user.click(document.body);
  await pause();
  expect(menuShown()).toBe(false);
  // Opened by hover, it still closes as the pointer leaves.
  await user.hover(greeting());
  await pause();
  expect(menuShown()).toBe(true);
  await user.unhover(greeting());
  await pause();
  expect(menuShown()).toBe(false);
  expect(asked).toEqual([]);
  await act(async () => view.unmount());
});
