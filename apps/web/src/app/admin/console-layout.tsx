// The staff console's frame: a side menu grouped by area and filtered by the account's role, a
// header with the staff member's name and 退出登录, and a breadcrumb. Loaded only under /admin.
import { MenuOutlined } from '@ant-design/icons';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Drawer, Layout, Menu, Tag } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, matchPath, Outlet, useLocation, useNavigate } from 'react-router';
import { SIDEBAR_WIDTH_PX } from '@hqt/contract/constants';
import { ADMIN_BASE, ADMIN_LOGIN_PATH } from '@/config/routes';
import { ForcedPasswordChange } from '@/features/account/ui/forced-password-change';
import { logout } from '@/shared/api/auth-api';
import { platformQuery, queryClient } from '@/shared/api/query-client';
import type { FeatureRoute } from '@/shared/feature-module';
import { useIsMobile } from '@/shared/lib/use-is-mobile';
import { useSession } from '@/shared/session/session-store';
import { Brand } from '@/shared/ui/brand';
import { MAIN_ID, SkipLink } from '@/shared/ui/skip-link';
import { CONSOLE_MENU, CONSOLE_PAGES, LIVE } from '../navigation';
import './console-layout.css';

dayjs.locale('zh-cn');

const PasswordDialog = lazy(() => import('@/features/account/ui/password-dialog').then((m) => ({ default: m.PasswordDialog })));

const mayOpen = (route: FeatureRoute, roles: readonly string[]) => !route.roles || roles.some((r) => route.roles!.includes(r as never));

/** The menu's entries under their headings, in menu order, without what the role may not open. */
function menuItems(roles: readonly string[]): ItemType[] {
  const groups = new Map<string, ItemType[]>();
  for (const r of CONSOLE_MENU.filter((route) => mayOpen(route, roles))) {
    const group = r.menuGroup ?? '';
    const label = r.badge ? (
      <Suspense fallback={r.title}>
        <r.badge>{r.title}</r.badge>
      </Suspense>
    ) : (
      r.title
    );
    const item = { key: r.path, label, icon: r.icon && <Suspense fallback={null}><r.icon /></Suspense> };
    groups.set(group, [...(groups.get(group) ?? []), item]);
  }
  return [...groups].flatMap(([group, items]) => (group ? [{ type: 'group' as const, key: group, label: group, children: items }] : items));
}

/** The page open now, and the menu entry it belongs to (an edit page belongs to its list). */
function whereAmI(pathname: string) {
  const page = CONSOLE_PAGES.find((r) => matchPath(r.path, pathname));
  const entry = [...CONSOLE_MENU].sort((a, b) => b.path.length - a.path.length).find((r) => pathname === r.path || pathname.startsWith(`${r.path}/`));
  return { page, entry };
}

function ConsoleFrame() {
  const location = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { name, roles, accessToken } = useSession();
  const { data: platform } = useQuery(platformQuery);
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);

  // A login the server ended while the console is open (the HTTP client has said why): to the console's login.
  useEffect(() => {
    if (!accessToken) void navigate(ADMIN_LOGIN_PATH);
  }, [accessToken, navigate]);

  const { page, entry } = whereAmI(location.pathname);
  const items = menuItems(roles);
  const menu = (
    <Menu
      mode="inline"
      selectedKeys={entry ? [entry.path] : []}
      items={items}
      onClick={({ key }) => {
        setDrawerAt(null);
        void navigate(key);
      }}
      className="console-menu"
    />
  );
  const crumbs = [
    { title: <Link to={ADMIN_BASE}>工作台</Link> },
    ...(entry && entry.path !== ADMIN_BASE ? [{ title: entry.menuGroup ?? '' }, { title: page === entry ? entry.title : <Link to={entry.path}>{entry.title}</Link> }] : []),
    ...(page && page !== entry ? [{ title: page.title }] : []),
  ].filter((c) => c.title !== '');

  return (
    <Layout className="console">
      <SkipLink />
      <Layout.Header className="console-header">
        {isMobile && <Button type="text" icon={<MenuOutlined />} aria-label="打开菜单" onClick={() => setDrawerAt(location.pathname)} className="console-menu-toggle" />}
        <Link to={ADMIN_BASE} className="console-brand" aria-label="工作台">
          <Brand platform={platform} inverse />
        </Link>
        <Tag color="blue" className="console-tag">
          工作人员控制台
        </Tag>
        <div className="console-user">
          <span className="console-user-name" title={name ?? ''}>
            {name}
            {roles[0] && <span className="console-user-role">（{roles[0]}）</span>}
          </span>
          <Button type="link" size="small" onClick={() => setPasswordOpen(true)}>
            修改密码
          </Button>
          <Button type="link" size="small" onClick={() => void logout()}>
            退出登录
          </Button>
        </div>
      </Layout.Header>
      <Layout>
        {!isMobile && (
          <Layout.Sider width={SIDEBAR_WIDTH_PX} theme="light" className="console-sider">
            <nav aria-label="控制台菜单">{menu}</nav>
          </Layout.Sider>
        )}
        {isMobile && (
          <Drawer placement="left" open={drawerAt === location.pathname} onClose={() => setDrawerAt(null)} size={SIDEBAR_WIDTH_PX} title="控制台菜单" styles={{ body: { padding: 0 } }}>
            {menu}
          </Drawer>
        )}
        <Layout.Content className="console-content" id={MAIN_ID} tabIndex={-1}>
          <Breadcrumb items={crumbs} className="console-breadcrumb" />
          <div key={location.pathname} className="page-fade">
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
      <ForcedPasswordChange />
      <Suspense fallback={null}>
        {LIVE.map((Live, i) => (
          <Live key={i} />
        ))}
      </Suspense>
      {passwordOpen && (
        <Suspense fallback={null}>
          <PasswordDialog open onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}

export default function ConsoleLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConsoleFrame />
    </QueryClientProvider>
  );
}
