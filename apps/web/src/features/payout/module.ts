// 公示与拨付: in the portal, 公示公告 (open to visitors, with real-name objections) and 我的异议; in the
// console, 公示管理 (publishing a 公示, deciding its objections) and 资金拨付 (资金下达, 授权, the
// treasury's batches and return files). The enterprise's side of a payment is in 我的申报
// (features/apply), beside the application it pays.
import { SERVICE_GROUP } from '@/shared/console/routes';
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';
import { PAYOUTS_PAGE, PUBLICITIES_PAGE } from './console/paths';

export const payoutModule: FeatureModule = {
  name: 'payout',
  portal: [
    {
      // `?id=N` (publicityLink) opens one.
      path: '/publicity',
      title: '公示公告',
      access: 'public',
      page: () => import('./portal/publicity-page'),
      footer: 46,
    },
    { path: '/publicity/mine', title: '我的异议', access: 'private', page: () => import('./portal/objections-page') },
    // `?id=N` (offerPortalLink: the offer's notice leads here) opens one.
    { path: '/policyApply/auto', title: '免申即享', access: 'private', page: () => import('./portal/auto-page') },
  ],
  console: [
    { path: PUBLICITIES_PAGE, title: '公示管理', access: 'private', page: () => import('./console/publicities-page'), menu: 44.1, menuGroup: SERVICE_GROUP, icon: lazyIcon(() => import('@ant-design/icons/es/icons/NotificationOutlined')) },
    { path: `${PAYOUTS_PAGE}/figures`, title: '申兑统计', access: 'private', page: () => import('./console/figures-page'), menu: 44.3, menuGroup: SERVICE_GROUP, icon: lazyIcon(() => import('@ant-design/icons/es/icons/FundOutlined')) },
    { path: PAYOUTS_PAGE, title: '资金拨付', access: 'private', page: () => import('./console/payouts-page'), menu: 44.2, menuGroup: SERVICE_GROUP, icon: lazyIcon(() => import('@ant-design/icons/es/icons/PayCircleOutlined')) },
  ],
};
