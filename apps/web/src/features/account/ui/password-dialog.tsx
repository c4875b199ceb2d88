import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { ACCOUNT_PATHS } from '@hqt/contract/account';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { passwordProblem } from '@hqt/contract/validation';
import { logout } from '@/shared/api/auth-api';
import { request } from '@/shared/api/http';
import { alertDialog, toast } from '@/shared/ui/feedback';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
}

/**
 * 修改密码 (spec §5): each field's rule on input; on confirm both must be longer than six. `forced`:
 * an administrator reset the password, and the dialog cannot be dismissed until a new one is set.
 */
export function PasswordDialog({ open, onClose, forced = false }: { open: boolean; onClose: () => void; forced?: boolean }) {
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);

  // Leaving a field that breaks the pattern shows the spec's message and clears it.
  const checkPattern = (field: keyof PasswordForm) => () => {
    const v = form.getFieldValue(field) as string | undefined;
    if (v && passwordProblem(v) === MSG.passwordPattern) {
      void toast.error(MSG.passwordPattern);
      form.setFieldValue(field, '');
    }
  };

  async function confirm() {
    let values: PasswordForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // each empty field shows "必填项不能为空" under itself
    }
    const problem = passwordProblem(values.oldPassword) ?? passwordProblem(values.newPassword);
    if (problem) return void toast.error(problem);
    if (values.oldPassword.length <= 6 || values.newPassword.length <= 6) {
      void toast.error(MSG.passwordLength);
      return;
    }
    setSaving(true);
    try {
      const answer = await request<null>({ method: 'POST', url: ACCOUNT_PATHS.updatePassword, data: values });
      if (answer.msg !== MSG.success) {
        void toast.error(answer.msg);
        return;
      }
      onClose();
      void alertDialog({ title: '修改密码', content: OWN_MSG.passwordChanged, okText: '重新登录', onOk: () => void logout() });
    } catch {
      // the toast has said why
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={onClose}
      onOk={confirm}
      okText="确认"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      {...(forced ? { closable: false, keyboard: false, mask: { closable: false }, cancelButtonProps: { style: { display: 'none' } } } : {})}
    >
      {forced && <Alert type="warning" showIcon title={OWN_MSG.mustChangePassword} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: MSG.required }]}>
          <Input.Password autoComplete="current-password" maxLength={64} onBlur={checkPattern('oldPassword')} />
        </Form.Item>
        <Form.Item label="新密码" name="newPassword" rules={[{ required: true, message: MSG.required }]}>
          <Input.Password autoComplete="new-password" maxLength={64} onBlur={checkPattern('newPassword')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
