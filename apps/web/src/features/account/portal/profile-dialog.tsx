import { Modal } from 'antd';
import { ProfilePanel } from './profile-panel';

export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title="个人资料" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <ProfilePanel />
    </Modal>
  );
}
