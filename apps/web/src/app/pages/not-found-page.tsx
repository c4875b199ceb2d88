import { Result } from 'antd';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return <Result status="404" title="404" subTitle="抱歉，您访问的页面不存在。" extra={<Link to="/">返回首页</Link>} />;
}
