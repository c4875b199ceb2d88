// 企业诉求: in the console, 诉求统计 (the 好差评 and 接诉即办 measures).
import { ADMIN_BASE } from '@/config/routes';
import { SERVICE_GROUP } from '@/shared/console/routes';
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';

export const appealModule: FeatureModule = {
  name: 'appeal',
  console: [
    {
      path: `${ADMIN_BASE}/appeal-figures`,
      title: '诉求统计',
      access: 'private',
      page: () => import('./console/figures-page'),
      menu: 55,
      menuGroup: SERVICE_GROUP,
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/BarChartOutlined')),
    },
  ],
};
