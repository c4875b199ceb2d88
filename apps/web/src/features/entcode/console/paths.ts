// 企业赋码's console addresses, apart from the routes (which load the pages that link to them).
import { MAX_INT } from '@hqt/contract/constants';
import { ADMIN_BASE } from '@/config/routes';

export const ENTCODE_LIST = `${ADMIN_BASE}/enterprise-codes`;
export const entcodeDetailPath = (id: number) => `${ENTCODE_LIST}/${id}`;
/** 企业详情 in the console (features/account's page). */
export const enterprisePath = (id: number) => `${ADMIN_BASE}/enterprises/${id}`;

/** An id in the address, or null when it is not one a code could have. */
export const idOf = (raw: string | null | undefined) => {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isSafeInteger(n) && n >= 1 && n <= MAX_INT ? n : null;
};
