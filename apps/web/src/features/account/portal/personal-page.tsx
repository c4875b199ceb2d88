import { Card } from 'antd';
import { ProfilePanel } from './profile-panel';

/** 个人中心: the account's profile; password and theme are in the navbar's menu. */
export default function PersonalPage() {
  return (
    <Card title="个人中心">
      <ProfilePanel />
    </Card>
  );
}
