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

/** A notification in the corner (a new message from the hub); `onOpen` runs when it is clicked. */
export async function notice(options: { key: string; title: string; description: string; onOpen: () => void }) {
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
