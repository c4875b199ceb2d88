// 企业走访/预约: in the console, 走访管理 (the calendar, the list, planning, one visit and its
// summary) and 走访统计. (The portal's page is written apart; the lead merges the two.)
import type { FeatureModule } from '@/shared/feature-module';
import { visitConsoleRoutes } from './console/routes';

export const visitModule: FeatureModule = {
  name: 'visit',
  console: visitConsoleRoutes,
};
