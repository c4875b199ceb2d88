import { Result } from 'antd';
import { Link } from 'react-router';

/** A service that a later release builds: said plainly, with a way back. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <Result
      status="info"
      title={`${title}：建设中`}
      subTitle="该功能正在建设中，敬请期待。"
      extra={<Link to="/">返回首页</Link>}
    />
  );
}
