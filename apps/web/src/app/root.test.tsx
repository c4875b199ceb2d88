import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Root } from './root';

/** The real Root over an empty page: the tab's title comes from the feature modules' route titles. */
const titleAt = async (address: string) => {
  const router = createMemoryRouter([{ path: '/', Component: Root, children: [{ path: '*', Component: () => null }] }], { initialEntries: [address] });
  const view = await act(async () => render(<RouterProvider router={router} />));
  await expect.poll(() => document.title).not.toBe('');
  const title = document.title;
  // Inside act: React's last scheduled work runs now, not after the test file's window is gone.
  await act(async () => view.unmount());
  router.dispose();
  return title;
};

beforeEach(() => {
  document.title = '';
});

test('a portal page names the tab 页面名 - 惠企通', async () => {
  expect(await titleAt('/policyMarket/policyMarket')).toBe('政策超市 - 惠企通');
  expect(await titleAt('/')).toBe('首页 - 惠企通');
});

test('a console page, an edit page with its id too, names the tab 页面名 - 惠企通管理后台', async () => {
  expect(await titleAt('/admin/enterprises')).toBe('企业管理 - 惠企通管理后台');
  expect(await titleAt('/admin/policies/12')).toBe('编辑政策文件 - 惠企通管理后台');
  expect(await titleAt('/admin/guides/5/qualified')).toBe('符合条件的企业 - 惠企通管理后台');
});

test('an address no page declares is just the site', async () => {
  expect(await titleAt('/nowhere')).toBe('惠企通');
});

test('a navigation that waits shows the top bar, hidden from assistive technology and with no made-up role', async () => {
  let release = () => {};
  const pending = new Promise<null>((resolve) => (release = () => resolve(null)));
  const router = createMemoryRouter(
    [{ path: '/', Component: Root, children: [{ index: true, Component: () => null }, { path: 'slow', loader: () => pending, Component: () => null }] }],
    { initialEntries: ['/'] },
  );
  const view = await act(async () => render(<RouterProvider router={router} />));
  await act(async () => void router.navigate('/slow'));
  const bar = document.querySelector('#nprogress .bar');
  expect(bar).not.toBeNull();
  expect(bar?.getAttribute('aria-hidden')).toBe('true');
  expect(document.querySelector('#nprogress [role]')).toBeNull();
  await act(async () => {
    release();
    await pending;
  });
  await act(async () => view.unmount());
  router.dispose();
});
