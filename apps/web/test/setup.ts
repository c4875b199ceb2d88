import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// antd reads matchMedia, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
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

// Toasts and dialogs outlive a test; close them before jsdom goes, or React renders into nothing.
afterAll(async () => {
  const [{ default: message }, { default: Modal }] = await Promise.all([import('antd/es/message'), import('antd/es/modal')]);
  message.destroy();
  Modal.destroyAll();
  await new Promise((r) => setTimeout(r, 300));
});

// The first toast loads antd's message module on demand; on a loaded 2-core CI machine that can
// take far longer than Testing Library's default second: wait for the condition, generously.
configure({ asyncUtilTimeout: 20_000 });
