// 企业诉求: in the console, 诉求办理 (the queue, one appeal, the 工作台 card) and 诉求统计.
import { appealConsoleRoutes, appealWorkbench } from './console/routes';
import type { FeatureModule } from '@/shared/feature-module';

export const appealModule: FeatureModule = {
  name: 'appeal',
  console: appealConsoleRoutes,
  workbench: appealWorkbench,
};
