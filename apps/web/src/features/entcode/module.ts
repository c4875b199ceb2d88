// 企业赋码: in the console, the codes, one code and the code's card on 企业详情.
import { entcodeConsoleRoutes, entcodeEnterpriseCard } from './console/routes';
import type { FeatureModule } from '@/shared/feature-module';

export const entcodeModule: FeatureModule = {
  name: 'entcode',
  console: entcodeConsoleRoutes,
  enterpriseCard: entcodeEnterpriseCard,
};
