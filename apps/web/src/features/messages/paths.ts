import { ADMIN_BASE } from '@/config/routes';

/** The message centre in each branch. */
export const PORTAL_INBOX = '/messageCenter/messageCenter';
export const CONSOLE_INBOX = `${ADMIN_BASE}/messages`;
