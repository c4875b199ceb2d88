// 诉求办理's addresses, apart from the routes (which load the pages that link to them).
import { MAX_INT } from '@hqt/contract/constants';
import { ADMIN_BASE } from '@/config/routes';

/** The queue's address; `?id=N` (appealConsoleLink, the handlers' notices) opens that appeal. */
export const APPEAL_QUEUE = `${ADMIN_BASE}/appeals`;
export const appealDetailPath = (id: number) => `${APPEAL_QUEUE}/${id}`;

/** An id in the address, or null when it is not one an appeal could have. */
export const idOf = (raw: string | null | undefined) => {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isSafeInteger(n) && n >= 1 && n <= MAX_INT ? n : null;
};
