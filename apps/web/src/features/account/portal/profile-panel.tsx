import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Descriptions, Input, Space } from 'antd';
import { useState } from 'react';
import { ACCOUNT_PATHS } from '@hqt/contract/account';
import { MSG } from '@hqt/contract/messages';
import { EMAIL_MAX_LENGTH, isEmail, isPhone, PHONE_MAX_LENGTH } from '@hqt/contract/validation';
import { fetchUserInfo } from '@/shared/api/auth-api';
import { request } from '@/shared/api/http';
import { useIsMobile } from '@/shared/lib/use-is-mobile';
import { useWrite } from '@/shared/lists/use-write';
import { toast } from '@/shared/ui/feedback';

export const userInfoQuery = { queryKey: ['user-info'], queryFn: fetchUserInfo };

interface FieldSpec {
  label: string;
  path: string;
  key: 'phone' | 'email';
  maxLength: number;
  valid: (v: string) => boolean;
  /** Empty input (the form rule of spec §5). */
  requiredMsg: string;
  /** Wrong shape: shown, and the field is cleared. */
  invalidMsg: string;
}

const FIELDS: FieldSpec[] = [
  { label: '电话', path: ACCOUNT_PATHS.updatePhone, key: 'phone', maxLength: PHONE_MAX_LENGTH, valid: isPhone, requiredMsg: MSG.phoneRule, invalidMsg: MSG.phoneInvalid },
  { label: '邮箱', path: ACCOUNT_PATHS.updateEmail, key: 'email', maxLength: EMAIL_MAX_LENGTH, valid: isEmail, requiredMsg: MSG.emailRule, invalidMsg: MSG.emailInvalid },
];

/** One contact field: read-only until 编辑; 确认 saves just this field. */
function EditableField({ spec, id, value }: { spec: FieldSpec; id: number; value: string | null }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useWrite((v: string) => request<null>({ method: 'POST', url: spec.path, data: { id, [spec.key]: v } }), [userInfoQuery.queryKey]);

  async function confirm() {
    const v = (draft ?? '').trim();
    if (!v) return setError(spec.requiredMsg);
    if (!spec.valid(v)) {
      setDraft('');
      return setError(spec.invalidMsg);
    }
    try {
      const answer = await save.mutateAsync(v);
      void toast.success(answer.msg);
      setDraft(null);
    } catch {
      // the toast has shown the server's message
    }
  }

  if (draft === null) {
    return (
      <Space>
        <span>{value ?? '暂无'}</span>
        <Button size="small" onClick={() => (setDraft(value ?? ''), setError(null))} aria-label={`编辑${spec.label}`}>
          编辑
        </Button>
      </Space>
    );
  }
  return (
    <div>
      <Space.Compact>
        <Input
          aria-label={spec.label}
          value={draft}
          maxLength={spec.maxLength}
          status={error ? 'error' : undefined}
          onChange={(e) => (setDraft(e.target.value), setError(null))}
          onPressEnter={() => void confirm()}
          autoFocus
        />
        <Button type="primary" loading={save.isPending} onClick={() => void confirm()}>
          确认
        </Button>
        <Button onClick={() => (setDraft(null), setError(null))}>取消</Button>
      </Space.Compact>
      {error && (
        <div role="alert" style={{ color: '#ff4d4f', marginTop: 4 }}>
          {error}
        </div>
      )}
    </div>
  );
}

/** 个人资料: the dialog of the navbar and the personal centre page show the same panel. */
export function ProfilePanel() {
  const { data } = useQuery(userInfoQuery);
  const isMobile = useIsMobile();
  if (!data) return null;
  return (
    <>
      <Avatar size={80} src={data.avatar ?? undefined} style={{ marginBottom: 16, fontSize: 32 }} alt="头像">
        {data.name.slice(0, 1)}
      </Avatar>
      <Descriptions column={1} bordered size="small" layout={isMobile ? 'vertical' : 'horizontal'} styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="账号编号">{data.id}</Descriptions.Item>
        <Descriptions.Item label="名称">{data.name}</Descriptions.Item>
        {FIELDS.map((spec) => (
          <Descriptions.Item key={spec.key} label={spec.label}>
            <EditableField spec={spec} id={data.id} value={data[spec.key]} />
          </Descriptions.Item>
        ))}
      </Descriptions>
    </>
  );
}
