// 企业赋码 (issue 22): the page a scanned code opens — a visitor's public card, the owner's way to its
// results and 提交诉求, staff's record — and, logged in, the account's codes to download and print
// (docs/entcode.md). Public: the QR on an enterprise's door is scanned by anyone. In the console: the
// codes, one code, and the code's card on 企业详情.
import { ENTCODE_PAGE } from '@hqt/contract/entcode';
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';
import { entcodeConsoleRoutes, entcodeEnterpriseCard } from './console/routes';

export const entcodeModule: FeatureModule = {
  name: 'entcode',
  portal: [
    {
      path: ENTCODE_PAGE,
      title: '企业赋码',
      access: 'public',
      page: () => import('./portal/entcode-page'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/QrcodeOutlined')),
      menu: 70,
      tile: { order: 60, blurb: '一企一码，扫码查看企业名片' },
      footer: 58,
      parentRedirect: true,
    },
  ],
  console: entcodeConsoleRoutes,
  enterpriseCard: entcodeEnterpriseCard,
};
