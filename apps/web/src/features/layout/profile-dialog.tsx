import { useQuery } from '@tanstack/react-query';
import { Avatar, Descriptions, Modal } from 'antd';
import { fetchUserInfo } from '@/shared/api/auth-api';

export const userInfoQuery = { queryKey: ['user-info'], queryFn: fetchUserInfo };

/** 个人资料: the account as the server knows it. */
export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data } = useQuery({ ...userInfoQuery, enabled: open });
  return (
    <Modal title="个人资料" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      {data && (
        <>
          <Avatar size={80} src={data.avatar ?? undefined} style={{ marginBottom: 16 }}>
            {data.name.slice(0, 1)}
          </Avatar>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="账号编号">{data.id}</Descriptions.Item>
            <Descriptions.Item label="名称">{data.name}</Descriptions.Item>
            <Descriptions.Item label="角色">{data.roleName}</Descriptions.Item>
            <Descriptions.Item label="电话">{data.phone ?? '暂无'}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{data.email ?? '暂无'}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
