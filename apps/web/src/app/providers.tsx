import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { storedLargeText, storedTheme, themeConfig } from '@/shared/ui/themes';

/** Theme and locale for every page; the shell adds the query client. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig(storedTheme(), storedLargeText())} componentSize="middle">
      {children}
    </ConfigProvider>
  );
}

// Toasts and alerts are antd's static ones (shared/ui/feedback.ts, loaded on first use): they get
// the same theme and locale this way, without antd's <App> and its hooks on every first visit.
ConfigProvider.config({ holderRender: (children) => <Providers>{children}</Providers> });
