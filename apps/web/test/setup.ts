import '@testing-library/jest-dom/vitest';
import { act, configure } from '@testing-library/react';
import * as webStreams from 'node:stream/web';

// A test file's globals are jsdom's window (the vmForks pool, vite.config.ts says why), which has no
// web streams (ReadableStream, TransformStream, …): msw's fetch interceptor needs Node's.
for (const [name, value] of Object.entries(webStreams)) if (!(name in globalThis)) Object.assign(globalThis, { [name]: value });

// antd reads matchMedia, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// antd's Select, Tabs and Table measure themselves; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// antd writes its CSS-in-JS into <style> elements, thousands of rules; on every getComputedStyle
// (user-event asks on each pointer action whether the target takes pointer events, antd on each
// popup) jsdom matched every one of them against the element and its ancestors: 80 % of the
// suite's time (a visit plan's test took 55 s, 8 s without). jsdom lays nothing out, so those
// rules decide nothing a test here checks but CSS visibility, which the browser suite sees for
// real. A <style> of another type is kept as text and not parsed (jsdom reads only text/css).
const createElement = document.createElement.bind(document);
document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
  const element = createElement(tagName, options);
  if (element instanceof HTMLStyleElement) element.type = 'text/x-antd-unparsed';
  return element;
}) as typeof document.createElement;

// rc-table measures the scrollbar through a pseudo-element, which jsdom does not implement (a
// "Not implemented" error printed for every table drawn): measure the element itself.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// Toasts and dialogs outlive a test; close them before jsdom goes, or React renders into nothing.
// Only where one was drawn (a file that drew none would load antd just to close nothing), and inside
// act, so React's work for it is done before the file's window is torn down, however busy the machine.
// A toast of the test's last moment may still be loading antd's message (shared/ui/feedback.ts): it
// is waited for, or its import would end in a file already closed (CI: "module runner has been closed").
afterAll(async () => {
  await vi.dynamicImportSettled();
  if (!document.querySelector('.ant-message, .ant-modal-root, .ant-notification')) return;
  const [{ default: message }, { default: Modal }, { default: notification }] = await Promise.all([import('antd/es/message'), import('antd/es/modal'), import('antd/es/notification')]);
  await act(async () => {
    message.destroy();
    notification.destroy();
    Modal.destroyAll();
    // Their leaving animations end on timers: let them run inside act too.
    await new Promise((r) => setTimeout(r, 300));
  });
});

// The first toast loads antd's message module on demand; on a loaded 2-core CI machine that can
// take far longer than Testing Library's default second: wait for the condition, generously.
configure({ asyncUtilTimeout: 20_000 });
