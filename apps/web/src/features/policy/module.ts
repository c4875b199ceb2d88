// The policy service: the portal's 政策超市 (申报指南 and 政策文件), a 政策文件's own page and 政策专题;
// in the console, its content (政策文件, 申报指南 with their push results, 政策专题) and its card on
// the 工作台.
import { lazy } from 'react';
import { ADMIN_BASE } from '@/config/routes';
import { listAndEditor } from '@/shared/console/routes';
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';
import { MARKET_PATH, POLICY_DOC_PATH } from './links';

export const policyModule: FeatureModule = {
  name: 'policy',
  portal: [
    {
      path: MARKET_PATH,
      title: '政策超市',
      access: 'private',
      page: () => import('./portal/market-page'),
      prefetch: () => import('./portal/market-prefetch'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/ShopOutlined')),
      menu: 40,
      footer: 40,
      tile: { order: 30, blurb: '检索政策文件与申报指南' },
      parentRedirect: true,
    },
    {
      path: POLICY_DOC_PATH,
      title: '政策文件',
      access: 'public',
      page: () => import('./portal/policy-doc-page'),
      parentRedirect: true,
    },
    {
      path: '/policyTopics/policyTopics',
      title: '政策专题',
      access: 'public',
      page: () => import('./portal/topics-page'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/AppstoreOutlined')),
      menu: 60,
      footer: 60,
      tile: { order: 50, blurb: '按主题汇集的政策专题' },
      parentRedirect: true,
    },
  ],
  console: [
    ...listAndEditor('policies', '政策文件', '政策文件', 20, lazyIcon(() => import('@ant-design/icons/es/icons/FileTextOutlined')), () => import('./console/policies/policy-list-page'), () => import('./console/policies/policy-edit-page')),
    ...listAndEditor('guides', '申报指南', '申报指南', 30, lazyIcon(() => import('@ant-design/icons/es/icons/ProfileOutlined')), () => import('./console/guides/guide-list-page'), () => import('./console/guides/guide-edit-page')),
    { path: `${ADMIN_BASE}/guides/:id/push`, title: '推送结果', access: 'private', page: () => import('./console/guides/guide-push-page') },
    ...listAndEditor('topics', '政策专题', '政策专题', 40, lazyIcon(() => import('@ant-design/icons/es/icons/AppstoreOutlined')), () => import('./console/topics/topic-list-page'), () => import('./console/topics/topic-edit-page')),
  ],
  workbench: lazy(() => import('./console/workbench-card')),
};
