// 政策问答 (issue 40, docs/qa.md): a question in the enterprise's own words answered with the cited
// clauses of the published texts; public (the texts are), the enterprise's verdicts and history after login.
// In the console: 问答知识库, the questions to act on and the figures.
import { QA_PAGE } from '@hqt/contract/qa';
import { ADMIN_BASE } from '@/config/routes';
import { SERVICE_GROUP } from '@/shared/console/routes';
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';

export const qaModule: FeatureModule = {
  name: 'qa',
  portal: [
    {
      path: QA_PAGE,
      title: '政策问答',
      access: 'public',
      page: () => import('./portal/qa-page'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/QuestionCircleOutlined')),
      footer: 45,
      parentRedirect: true,
    },
  ],
  console: [
    {
      path: `${ADMIN_BASE}/policy-qa`,
      title: '问答知识库',
      access: 'private',
      page: () => import('./console/questions-page'),
      menu: 48,
      menuGroup: SERVICE_GROUP,
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/QuestionCircleOutlined')),
    },
  ],
};
