// Toasts and dialogs for code outside React (the HTTP client, the route guard) and in it: antd's
// static functions, loaded on first use so they stay off every page's first load. They wear the
// page's theme and locale through ConfigProvider.config (app/providers.tsx).
const messages = async () => (await import('antd/es/message')).default;

export const toast = {
  /** The spec's error toast: the server's message for 2 seconds. */
  error: async (content: string) => void (await messages()).error(content, 2),
  warning: async (content: string) => void (await messages()).warning(content, 2),
  success: async (content: string) => void (await messages()).success(content, 2),
};

export async function alertDialog(options: { title: string; content: string; okText: string; onOk: () => void }) {
  const modal = (await import('antd/es/modal')).default;
  modal.warning({ ...options, centered: true, keyboard: false, maskClosable: false });
}

/** Says `text` to a screen reader without showing anything: a polite live region kept on the page. */
export function announce(text: string) {
  let region = document.getElementById('hqt-announcer');
  if (!region) {
    region = Object.assign(document.createElement('div'), { id: 'hqt-announcer', className: 'visually-hidden' });
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('role', 'status');
    document.body.append(region);
  }
  region.textContent = text;
}

/**
 * A notification in the corner (a new message from the hub); `onOpen` runs when it is clicked. In
 * 关怀版 nothing pops up unasked: the menu's count shows the message, and a screen reader hears it.
 */
export async function notice(options: { key: string; title: string; description: string; onOpen: () => void }) {
  if (document.documentElement.dataset.care === '1') return announce(`${options.title}：${options.description}`);
  const notification = (await import('antd/es/notification')).default;
  notification.info({
    key: options.key,
    title: options.title,
    description: options.description,
    placement: 'topRight',
    duration: 8,
    className: 'hub-notice',
    onClick: () => {
      notification.destroy(options.key);
      options.onOpen();
    },
    style: { cursor: 'pointer' },
  });
}
