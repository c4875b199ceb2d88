// 走访管理's addresses, apart from the routes (which load the pages that link to them).
import { ADMIN_BASE } from '@/config/routes';

/** The calendar and the list; `?id=N` (visitConsoleLink, the staff's notices) opens that visit. */
export const VISIT_BASE = `${ADMIN_BASE}/visits`;
export const VISIT_NEW = `${VISIT_BASE}/new`;
export const VISIT_FIGURES = `${ADMIN_BASE}/visit-figures`;
export const visitDetailPath = (id: number) => `${VISIT_BASE}/${id}`;
export const appealConsolePath = (id: number) => `${ADMIN_BASE}/appeals/${id}`;

