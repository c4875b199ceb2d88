// 企业赋码's console addresses, apart from the routes (which load the pages that link to them).
import { ADMIN_BASE } from '@/config/routes';

export const ENTCODE_LIST = `${ADMIN_BASE}/enterprise-codes`;
export const entcodeDetailPath = (id: number) => `${ENTCODE_LIST}/${id}`;
/** 企业详情 in the console (features/account's page). */
export const enterprisePath = (id: number) => `${ADMIN_BASE}/enterprises/${id}`;

