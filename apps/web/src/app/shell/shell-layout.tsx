import { MenuOutlined } from '@ant-design/icons';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Menu, Tag } from 'antd';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { COOKIES, SIDEBAR_WIDTH_PX } from '@hqt/contract/constants';
import { MSG } from '@hqt/contract/messages';
import { LOGIN_PATH } from '@/config/routes';
import { ForcedPasswordChange } from '@/features/account/ui/forced-password-change';
import type { FeatureRoute } from '@/shared/feature-module';
import { logout } from '@/shared/api/auth-api';
import { platformQuery, queryClient } from '@/shared/api/query-client';
import { setCookie } from '@/shared/lib/cookies';
import { useSession } from '@/shared/session/session-store';
import { Brand } from '@/shared/ui/brand';
import { CareSwitch } from '@/shared/ui/care-switch';
import { MAIN_ID, SkipLink } from '@/shared/ui/skip-link';
import { toast } from '@/shared/ui/feedback';
import { useIsMobile } from '@/shared/lib/use-is-mobile';
import { PORTAL, publicPaths } from '../branches';
import { LIVE, MENU, usePageName } from '../navigation';
import { SiteFooter } from './site-footer';
import { TagBar } from './tag-bar';
import { UserArea, type DialogName } from './user-area';
import { tabs } from './tabs-store';
import './shell.css';

dayjs.locale('zh-cn');

// The account's dialogs load when first opened: the shell stays light on a first visit.
const DIALOGS = {
  profile: lazy(() => import('@/features/account/portal/profile-dialog').then((m) => ({ default: m.ProfileDialog }))),
  password: lazy(() => import('@/features/account/ui/password-dialog').then((m) => ({ default: m.PasswordDialog }))),
  theme: lazy(() => import('@/features/account/portal/theme-dialog').then((m) => ({ default: m.ThemeDialog }))),
};

function AccountDialog({ name, onClose }: { name: DialogName; onClose: () => void }) {
  if (!name) return null;
  const Dialog = DIALOGS[name];
  return (
    <Suspense fallback={null}>
      <Dialog open onClose={onClose} />
    </Suspense>
  );
}
/** A menu entry's title, with its count (FeatureRoute.badge) for a signed-in account. */
function MenuLabel({ route, signedIn }: { route: FeatureRoute; signedIn: boolean }) {
  if (!signedIn || !route.badge) return route.title;
  return (
    <Suspense fallback={route.title}>
      <route.badge>{route.title}</route.badge>
    </Suspense>
  );
}

/** The phone's menu button wears the menu's counts (its entries are folded behind it). */
const BADGED = MENU.filter((r) => r.badge);
function Badged({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  if (!signedIn) return children;
  return BADGED.reduce<ReactNode>((inner, r) => {
    const Count = r.badge!;
    return (
      <Suspense fallback={inner}>
        <Count>{inner}</Count>
      </Suspense>
    );
  }, children);
}

const LOGOUT_KEY = 'logout';
const PORTAL_PUBLIC = publicPaths(PORTAL);

function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  // The drawer is open at one address: any route change folds it (spec §2), with no effect to run.
  const address = location.pathname + location.search;
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const drawerOpen = drawerAt === address;
  const setDrawerOpen = (open: boolean) => setDrawerAt(open ? address : null);
  const [dialog, setDialog] = useState<DialogName>(null);
  // A dialog opened from the account menu gives focus back to the greeting: its menu entry is gone.
  const greeting = useRef<HTMLButtonElement>(null);
  const closeDialog = () => {
    setDialog(null);
    requestAnimationFrame(() => greeting.current?.focus());
  };
  const { data: platform } = useQuery(platformQuery);

  // Every visited page gets its tag (named by the page itself when it says so); the sidebar
  // folds on every route change (spec §2, §4).
  const title = usePageName();
  useEffect(() => {
    if (title && tabs.visit(title, address) === 'full') void toast.warning(MSG.tooManyTabs);
  }, [address, title]);

  useEffect(() => setCookie(COOKIES.sidebarStatus, drawerOpen ? '1' : '0'), [drawerOpen]);

  const name = useSession((s) => s.name);
  // A login the server ended while a private page is open (the HTTP client has said why): to the login page.
  const token = useSession((s) => s.accessToken);
  useEffect(() => {
    if (!token && !PORTAL_PUBLIC.has(location.pathname)) void navigate(LOGIN_PATH);
  }, [token, location.pathname, navigate]);
  const selected = MENU.find((p) => p.path === location.pathname)?.path;
  const menuItems = MENU.map((p) => ({ key: p.path, label: <MenuLabel route={p} signedIn={Boolean(name)} /> }));
  // The drawer also carries the account's entries: below 992 px there is no room for them in the header.
  const drawerItems = [
    ...MENU.map((p) => ({ key: p.path, label: <MenuLabel route={p} signedIn={Boolean(name)} />, icon: p.icon && <Suspense fallback={null}><p.icon /></Suspense> })),
    ...(name ? [{ type: 'divider' as const }, { key: '/personal/personal', label: '个人中心' }, { key: LOGOUT_KEY, label: '退出登录' }] : [{ key: '/login', label: '登录/注册' }]),
  ];
  const go = ({ key }: { key: string }) => (key === LOGOUT_KEY ? void logout() : navigate(key));

  return (
    <div className={`shell ${isMobile ? 'shell-mobile' : ''}`}>
      <SkipLink />
      <header className="shell-header">
        {isMobile && (
          <Badged signedIn={Boolean(name)}>
            <Button type="text" icon={<MenuOutlined />} aria-label="打开菜单" onClick={() => setDrawerOpen(true)} className="menu-toggle" />
          </Badged>
        )}
        <Link to="/" className="brand" aria-label={`${platform?.platformName ?? '惠企通'}首页`}>
          <Brand platform={platform} />
        </Link>
        {platform?.trialRun !== false && <Tag color="orange" className="trial-label">试运行</Tag>}
        {!isMobile && <Menu mode="horizontal" selectedKeys={selected ? [selected] : []} items={menuItems} onClick={go} className="top-menu" />}
        {!isMobile && <CareSwitch />}
        <UserArea onDialog={setDialog} greeting={greeting} />
      </header>
      {/* A phone's header has no room left: 关怀版 gets a strip of its own under it. */}
      {isMobile && (
        <div className="care-strip">
          <CareSwitch />
        </div>
      )}
      {isMobile && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH_PX}
          title="导航"
          rootClassName="side-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <Menu mode="inline" selectedKeys={selected ? [selected] : []} items={drawerItems} onClick={go} style={{ borderInlineEnd: 'none' }} />
        </Drawer>
      )}
      <TagBar />
      <main className="shell-main" id={MAIN_ID} tabIndex={-1}>
        <div key={location.pathname} className="page-fade">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
      <ForcedPasswordChange />
      {name && (
        <Suspense fallback={null}>
          {LIVE.map((Live, i) => (
            <Live key={i} />
          ))}
        </Suspense>
      )}
      <AccountDialog name={dialog} onClose={closeDialog} />
    </div>
  );
}

export default function ShellLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}
