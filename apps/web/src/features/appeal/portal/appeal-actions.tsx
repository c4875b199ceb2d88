// What the enterprise may do with its appeal, drawn only for the steps the server lists in
// `appeal.steps`: 撤回 (confirmed), 补充材料 (text and files), 评价 by the 好差评 scale (a 差评
// needs a comment and, while reopenings remain, sends the appeal back for 整改 — said before sending).
import { Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import {
  APPEAL_FLOW,
  APPEAL_LENGTH,
  APPEAL_MAX_REOPENINGS,
  APPEAL_MSG,
  APPEAL_REOPEN_LIMIT_DAYS,
  type AppealDetail,
  type AppealStepBody,
} from '@hqt/contract/appeal';
import type { UploadedFile } from '@hqt/contract/files';
import { WORKFLOW_MSG } from '@hqt/contract/workflow';
import { useStepWrite } from '@/shared/workflow/use-step-write';
import { toast } from '@/shared/ui/feedback';
import { RatingModal } from '@/shared/ui/rating-modal';
import { AttachmentField } from '@/shared/upload/attachments';
import { appealQueries, takeAppealStep } from '../api/appeal-api';

const LABEL = APPEAL_FLOW.steps;

/** What a 差评 leads to, told before it is sent. */
export const badRatingNotice = (reopenCount: number) =>
  reopenCount < APPEAL_MAX_REOPENINGS
    ? `差评将转入整改，工作人员将在 ${APPEAL_REOPEN_LIMIT_DAYS} 个工作日内回访并重新答复`
    : `本诉求已整改 ${APPEAL_MAX_REOPENINGS} 次，不再转入整改：提交后诉求办结，您的评价将被保留`;

function SupplementModal({ onClose, onSend, sending }: { onClose: () => void; onSend: (body: AppealStepBody) => void; sending: boolean }) {
  const [form] = Form.useForm<{ note: string; files?: UploadedFile[] }>();
  return (
    <Modal open title={LABEL.supplement.label} okText="提交补充材料" cancelText="取消" onCancel={onClose} onOk={() => form.submit()} confirmLoading={sending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => onSend({ step: 'supplement', note: v.note.trim(), ...(v.files?.length ? { fileIds: v.files.map((f) => f.id) } : {}) })}>
        <Form.Item name="note" label="补充说明" rules={[{ required: true, whitespace: true, message: WORKFLOW_MSG.noteRequired(LABEL.supplement.label) }]}>
          <Input.TextArea rows={5} maxLength={APPEAL_LENGTH.note} showCount placeholder="按工作人员的要求补充说明情况" />
        </Form.Item>
        <Form.Item name="files" label="补充附件">
          <AttachmentField />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function AppealActions({ appeal }: { appeal: AppealDetail }) {
  const [open, setOpen] = useState<'supplement' | 'rate' | null>(null);
  const step = useStepWrite((body: AppealStepBody) => takeAppealStep(appeal.id, body), { detail: appealQueries.detail(appeal.id).queryKey, answered: (a) => a.appeal, service: appealQueries.all() });
  const send = (body: AppealStepBody) =>
    step.mutate(body, {
      onSuccess: (res) => {
        setOpen(null);
        void toast.success(res.msg);
      },
    });
  const may = (s: keyof typeof LABEL) => appeal.steps.includes(s);
  if (!may('withdraw') && !may('supplement') && !may('rate')) return null;
  return (
    <Space wrap className="appeal-actions">
      {may('supplement') && (
        <Button type="primary" onClick={() => setOpen('supplement')}>
          {LABEL.supplement.label}
        </Button>
      )}
      {may('rate') && (
        <Button type="primary" onClick={() => setOpen('rate')}>
          {LABEL.rate.label}
        </Button>
      )}
      {may('withdraw') && (
        <Popconfirm title="撤回该诉求？" description="撤回后工作人员将不再办理，如有需要可重新提交。" okText="撤回" cancelText="取消" onConfirm={() => send({ step: 'withdraw' })}>
          <Button danger loading={step.isPending}>
            {LABEL.withdraw.label}
          </Button>
        </Popconfirm>
      )}
      {open === 'supplement' && <SupplementModal onClose={() => setOpen(null)} onSend={send} sending={step.isPending} />}
      {open === 'rate' && (
        <RatingModal
          title="评价办理结果"
          comment={{ required: APPEAL_MSG.commentRequired, max: APPEAL_LENGTH.comment }}
          badNotice={badRatingNotice(appeal.reopenCount)}
          onClose={() => setOpen(null)}
          onSend={(rating) => send({ step: 'rate', ...rating })}
          sending={step.isPending}
        />
      )}
    </Space>
  );
}
