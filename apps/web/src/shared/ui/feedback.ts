// Toasts and dialogs for code outside React (the HTTP client, the route guard). The app shell
// hands over antd's context-aware instances (App.useApp) once mounted; until then, and in
// tests, antd's static functions are loaded on first use so they stay off the login page's bundle.
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

let messageApi: MessageInstance | null = null;
let modalApi: ModalHookAPI | null = null;

export function connectFeedback(message: MessageInstance, modal: ModalHookAPI) {
  messageApi = message;
  modalApi = modal;
}

async function messages(): Promise<MessageInstance> {
  return messageApi ?? (await import('antd/es/message')).default;
}

export const toast = {
  /** The spec's error toast: the server's message for 2 seconds. */
  error: async (content: string) => void (await messages()).error(content, 2),
  warning: async (content: string) => void (await messages()).warning(content, 2),
  success: async (content: string) => void (await messages()).success(content, 2),
};

export async function alertDialog(options: { title: string; content: string; okText: string; onOk: () => void }) {
  const modal = modalApi ?? (await import('antd/es/modal')).default;
  modal.warning({ ...options, centered: true, keyboard: false, maskClosable: false });
}
