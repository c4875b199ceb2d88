// 企业赋码 in the staff console: the codes with their scans (filters, export/print), one code with its
// QR, its enterprise's timeline of codes, the steps the server allows and the scans per day; and
// the code's card on 企业详情 (FeatureModule.enterpriseCard). The module (features/entcode/module.ts) takes them.
import { lazy } from 'react';
import { SERVICE_GROUP } from '@/shared/console/routes';
import { lazyIcon, type FeatureRoute } from '@/shared/feature-module';
import { ENTCODE_LIST } from './paths';

export const entcodeConsoleRoutes: FeatureRoute[] = [
  {
    path: ENTCODE_LIST,
    title: '企业赋码',
    access: 'private',
    page: () => import('./list-page'),
    menu: 47,
    menuGroup: SERVICE_GROUP,
    icon: lazyIcon(() => import('@ant-design/icons/es/icons/QrcodeOutlined')),
  },
  { path: `${ENTCODE_LIST}/:id`, title: '企业码详情', access: 'private', page: () => import('./detail-page') },
];

/** 企业详情: the enterprise's code, its QR and state, and a link to the code's detail. */
export const entcodeEnterpriseCard = lazy(() => import('./enterprise-code-card'));
