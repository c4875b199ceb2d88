import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { storedLargeText, storedTheme, themeConfig } from '@/shared/ui/themes';

/** Theme and locale for every page; the shell adds antd's <App> and the query client. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig(storedTheme(), storedLargeText())} componentSize="middle">
      {children}
    </ConfigProvider>
  );
}
