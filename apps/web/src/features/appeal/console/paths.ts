// 诉求办理's addresses, apart from the routes (which load the pages that link to them).
import { ADMIN_BASE } from '@/config/routes';

/** The queue's address; `?id=N` (appealConsoleLink, the handlers' notices) opens that appeal. */
export const APPEAL_QUEUE = `${ADMIN_BASE}/appeals`;
export const appealDetailPath = (id: number) => `${APPEAL_QUEUE}/${id}`;

