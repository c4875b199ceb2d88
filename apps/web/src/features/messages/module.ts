// The message centre in both branches: its page (the portal's top menu, the console's side menu)
// with the one unread badge, and the hub connection each frame mounts while an account is signed in.
import { lazy } from 'react';
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';
import { CONSOLE_INBOX, PORTAL_INBOX } from './paths';

const icon = lazyIcon(() => import('@ant-design/icons/es/icons/BellOutlined'));
const badge = lazy(() => import('@/shared/messages/unread-badge'));
const page = () => import('./messages-page');

export const messagesModule: FeatureModule = {
  name: 'messages',
  portal: [{ path: PORTAL_INBOX, title: '消息中心', access: 'private', page, icon, menu: 80, footer: 80, badge, parentRedirect: true }],
  console: [{ path: CONSOLE_INBOX, title: '消息中心', access: 'private', page, icon, menu: 15, badge }],
  live: lazy(() => import('./live')),
};
