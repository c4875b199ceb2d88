// The root error element: a render error, or a page whose code cannot be loaded (a new release
// replaced it), gets a clear Chinese message and a reload, never react-router's English screen.
// Kept free of lazily loaded parts: it must draw when loading is what failed.
import { Button } from 'antd';
import { useRouteError } from 'react-router';

/** Browsers word a failed dynamic import differently; all of them mean "this release's file is gone". */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && /dynamically imported module|module script failed|Loading chunk|error loading dynamically|Failed to fetch/i.test(error.message);

export function RootError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  return (
    <main role="alert" style={{ maxWidth: 520, margin: '15vh auto', padding: '0 24px', textAlign: 'center' }}>
      <h1 style={{ fontSize: 22, marginBottom: 12 }}>{chunk ? '系统已更新' : '页面出错了'}</h1>
      <p style={{ color: '#666', lineHeight: 1.8, marginBottom: 24 }}>
        {chunk ? '惠企通刚刚发布了新版本，请重新加载页面后继续使用。' : '抱歉，页面显示时出现了问题。请重新加载；如果问题仍然存在，请联系工信局。'}
      </p>
      <Button type="primary" size="large" onClick={() => location.reload()}>
        重新加载
      </Button>
      {!chunk && (
        <Button size="large" href="/" style={{ marginLeft: 12 }}>
          返回首页
        </Button>
      )}
    </main>
  );
}
