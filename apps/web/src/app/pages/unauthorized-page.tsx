import { Result } from 'antd';
import { Link } from 'react-router';

export default function UnauthorizedPage() {
  return <Result status="403" title="401" subTitle="抱歉，您无权访问该页面，请先登录。" extra={<Link to="/login">去登录</Link>} />;
}
