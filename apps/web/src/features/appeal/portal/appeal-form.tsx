// 提交诉求: category (with its 办理时限), title, content counted as typed, contact, phone (spec §5's
// rule), attachments and the optional guide it is about. The values are a draft kept while typing
// (appeal-draft.ts); filing drops it and shows the number, the due date following acceptance.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { APPEAL_LENGTH, type AppealDetail } from '@hqt/contract/appeal';
import type { UploadedFile } from '@hqt/contract/files';
import { MSG } from '@hqt/contract/messages';
import { PHONE_PATTERN } from '@hqt/contract/validation';
import { guidePortalLink } from '@hqt/contract/policy-links';
import { useWrite } from '@/shared/lists/use-write';
import { AttachmentField } from '@/shared/upload/attachments';
import { appealQueries, saveAppeal } from '../api/appeal-api';
import { clearDraft, readDraft, writeDraft, type AppealDraft } from './appeal-draft';

type Values = Required<AppealDraft> & { files?: UploadedFile[] };


/** What the appeal is about, from the address (?guideId=, ?visitId=): a guide, a visit of this enterprise. */
export interface AppealAbout {
  guideId: number | null;
  visitId: number | null;
}
const ABOUT: Record<keyof AppealAbout, { label: string; href: (id: number) => string }> = {
  guideId: { label: '关联申报指南', href: guidePortalLink },
  visitId: { label: '关联企业走访', href: (id) => `/enterpriseVisit/enterpriseVisit?id=${id}` },
};

export function AppealForm({
  account,
  enterprise,
  about,
  onUnlink,
  onOpenAppeal,
  onDone,
  prefill,
}: {
  /** What the form opens with when no draft is kept (转人工 from 政策问答: the question). */
  prefill?: AppealDraft;
  account: string;
  enterprise: { id: number; name: string };
  about: AppealAbout;
  onUnlink: (link: keyof AppealAbout) => void;
  onOpenAppeal: (id: number) => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [filed, setFiled] = useState<{ appeal: AppealDetail; msg: string } | null>(null);
  // read once, as the form mounts (a remount, a reload): the form keeps the values from then on
  const [draft] = useState(() => {
    const kept = readDraft(account, enterprise.id);
    return kept.content || !prefill ? kept : { ...kept, ...prefill };
  });
  const { data: categories = [], isLoading } = useQuery(appealQueries.categories());
  const save = useWrite(saveAppeal, [appealQueries.all()]);

  if (filed) {
    const { appeal, msg } = filed;
    return (
      <Result
        status="success"
        title={msg}
        subTitle={
`${appeal.limitDays ? `受理后按 ${appeal.limitDays} 个工作日计算办理期限` : '受理后计算办理期限'}，办理进展会通过消息中心通知您。`
        }
        extra={[
          <Button key="open" type="primary" onClick={() => onOpenAppeal(appeal.id)}>
            查看诉求
          </Button>,
          <Button key="done" onClick={onDone}>
            返回列表
          </Button>,
        ]}
      />
    );
  }

  const submit = (v: Values) =>
    save.mutate(
      {
        enterpriseId: enterprise.id,
        category: v.category,
        title: v.title.trim(),
        content: v.content.trim(),
        contact: v.contact.trim(),
        phone: v.phone.trim(),
        ...(about.guideId ? { guideId: about.guideId } : {}),
        ...(about.visitId ? { visitId: about.visitId } : {}),
        ...(v.files?.length ? { fileIds: v.files.map((f) => f.id) } : {}),
      },
      {
        onSuccess: (res) => {
          clearDraft(account, enterprise.id);
          setFiled(res);
        },
      },
    );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={draft}
      onValuesChange={(_, all) => writeDraft(account, enterprise.id, all)}
      onFinish={submit}
      requiredMark
    >
      <Typography.Paragraph>
        诉求企业：<Typography.Text strong>{enterprise.name}</Typography.Text>
      </Typography.Paragraph>
      {(Object.keys(ABOUT) as (keyof AppealAbout)[]).map((link) => {
        const id = about[link];
        return (
          id && (
            <Alert
              key={link}
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={
                <>
                  {ABOUT[link].label} <a href={ABOUT[link].href(id)}>#{id}</a>
                </>
              }
              action={
                <Button size="small" type="link" onClick={() => onUnlink(link)}>
                  取消关联
                </Button>
              }
            />
          )
        );
      })}
      <Form.Item name="category" label="诉求类别" rules={[{ required: true, message: '请选择诉求类别' }]}>
        <Select
          aria-label="诉求类别"
          placeholder="请选择诉求类别"
          loading={isLoading}
          options={categories.map((c) => ({ value: c.code, label: `${c.label}（办理时限 ${c.limitDays} 个工作日）` }))}
        />
      </Form.Item>
      <Form.Item name="title" label="诉求标题" rules={[{ required: true, whitespace: true, message: '请填写诉求标题' }]}>
        <Input maxLength={APPEAL_LENGTH.title} showCount placeholder="一句话说明诉求" />
      </Form.Item>
      <Form.Item name="content" label="诉求内容" rules={[{ required: true, whitespace: true, message: '请填写诉求内容' }]}>
        <Input.TextArea rows={6} maxLength={APPEAL_LENGTH.content} showCount placeholder="请写明遇到的问题、已做的努力和希望得到的帮助" />
      </Form.Item>
      <Form.Item name="contact" label="联系人" rules={[{ required: true, whitespace: true, message: '请填写联系人' }]}>
        <Input maxLength={APPEAL_LENGTH.contact} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="phone"
        label="联系电话"
        rules={[
          { required: true, message: '请填写联系电话' },
          { pattern: new RegExp(PHONE_PATTERN), message: MSG.phoneRule },
        ]}
      >
        <Input maxLength={20} autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item name="files" label="附件">
        <AttachmentField />
      </Form.Item>
      <Typography.Paragraph type="secondary">填写内容会自动保存为草稿（附件除外），提交成功后清除。</Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={save.isPending} block>
        提交诉求
      </Button>
    </Form>
  );
}
