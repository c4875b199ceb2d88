// 公示与拨付's console addresses, apart from the routes (which load the pages that link to them).
import { ADMIN_BASE } from '@/config/routes';

export const PUBLICITIES_PAGE = `${ADMIN_BASE}/publicities`;
export const PAYOUTS_PAGE = `${ADMIN_BASE}/payouts`;
