import { ConfigProvider, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { lookAttributes, storedLook, themeConfig, type Look } from '@/shared/ui/themes';

/**
 * The theme's link colours (antd's colorLink tokens) as CSS variables on <html>, for the plain
 * links outside antd's components (shared/ui/global.css): antd scopes its own variables to them.
 */
function ThemeVariables() {
  const { token } = theme.useToken();
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--hqt-link', token.colorLink);
    root.setProperty('--hqt-link-hover', token.colorLinkHover);
    root.setProperty('--hqt-link-active', token.colorLinkActive);
  }, [token.colorLink, token.colorLinkHover, token.colorLinkActive]);
  return null;
}

// The stored look, followed when another tab of the site changes it (a `storage` event).
let look: Look = storedLook();
const subscribe = (onChange: () => void) => {
  const changed = () => {
    look = storedLook();
    lookAttributes(look);
    onChange();
  };
  window.addEventListener('storage', changed);
  return () => window.removeEventListener('storage', changed);
};
const currentLook = () => look;

const BUTTONS = { autoInsertSpace: false } as const;

/** Theme and locale for every page; the shell adds the query client. */
export function Providers({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(subscribe, currentLook);
  return (
    // autoInsertSpace off: antd spaces a two-character label ("编 辑"), and then the visible text is not
    // inside an accessible name such as "编辑电话" (WCAG 2.5.3 label in name).
    <ConfigProvider locale={zhCN} theme={themeConfig(current)} componentSize="middle" button={BUTTONS}>
      <ThemeVariables />
      {children}
    </ConfigProvider>
  );
}

// Toasts and alerts are antd's static ones (shared/ui/feedback.ts, loaded on first use): they get
// the same theme and locale this way, without antd's <App> and its hooks on every first visit.
ConfigProvider.config({ holderRender: (children) => <Providers>{children}</Providers> });
