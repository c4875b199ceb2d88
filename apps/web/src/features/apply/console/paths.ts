// 申报受理's addresses, apart from the routes (which load the pages that link to them).
import { ADMIN_BASE } from '@/config/routes';

/** The queue's address; `?id=N` (applyConsoleLink, the staff's notices) opens that application. */
export const APPLY_QUEUE = `${ADMIN_BASE}/applications`;
export const applyDetailPath = (id: number) => `${APPLY_QUEUE}/${id}`;
