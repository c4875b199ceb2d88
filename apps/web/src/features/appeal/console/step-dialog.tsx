// One staff step on an appeal: the button for each step the server lists in the detail's `steps`,
// and the small form each opens with what that step needs (checked here with the server's own
// words before anything is sent). After a step the server's 「…成功」 is shown and the appeal, the
// queue and its counts refresh (all under appealConsoleQueries.all()).
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { APPEAL_FLOW, APPEAL_LENGTH, APPEAL_MAX_EXTENSION_DAYS, APPEAL_MSG, type AppealDetail, type AppealStep, type AppealStepBody } from '@hqt/contract/appeal';
import type { UploadedFile } from '@hqt/contract/files';
import { WORKFLOW_MSG } from '@hqt/contract/workflow';
import { useDictionaries } from '@/shared/api/dictionaries';
import { useStepWrite } from '@/shared/workflow/use-step-write';
import { AttachmentField } from '@/shared/upload/attachments';
import { toast } from '@/shared/ui/feedback';
import { appealConsoleQueries, takeAppealStep } from '../api/appeal-api';
import { appealStepLabel } from '../ui/appeal-status';
import { useHandlerOptions } from './handlers';

/** Said beside every field the enterprise never sees. */
export const HIDDEN_FROM_ENTERPRISE = '企业不可见';

/** The note each step asks for: its label (whether the enterprise reads it), and whether it may be left empty. */
const NOTES: Partial<Record<AppealStep, { label: string; optional?: boolean; placeholder?: string }>> = {
  accept: { label: '受理说明（选填，企业可见）', optional: true },
  reject: { label: '不予受理理由（企业可见）', placeholder: '请说明不予受理的理由，企业将看到该理由' },
  assign: { label: `分派说明（选填，${HIDDEN_FROM_ENTERPRISE}）`, optional: true },
  askSupplement: { label: '需补充的材料（企业可见）', placeholder: '请写明企业需要补充哪些材料' },
  remark: { label: `内部备注（${HIDDEN_FROM_ENTERPRISE}）`, placeholder: '仅工作人员可见' },
  reply: { label: '答复内容（企业可见）' },
  callBack: { label: '回访记录（企业可见）', placeholder: '回访时间、方式、企业意见' },
  requestExtension: { label: `延期理由（${HIDDEN_FROM_ENTERPRISE}）` },
  approveExtension: { label: '审批意见（选填，企业可见）', optional: true },
  refuseExtension: { label: `驳回理由（${HIDDEN_FROM_ENTERPRISE}）` },
  close: { label: '办结理由（企业可见）', placeholder: '如：企业来电表示问题已解决，请求办结' },
};

/** What each step's dialog says before its fields. */
function intro(step: AppealStep, appeal: AppealDetail): string | null {
  switch (step) {
    case 'accept':
      return appeal.limitDays === null ? '受理后开始计算办理时限。' : `受理后开始计算办理时限：${appeal.categoryName} ${appeal.limitDays} 个工作日。`;
    case 'reject':
      return '不予受理后诉求即办结，企业将收到通知。';
    case 'assign':
      return '分派或转办给承办部门和承办人，企业看不到这一步。';
    case 'reply':
      return appeal.status === 'reopened' ? '整改答复前须先记录回访。答复后企业可以评价。' : '答复后企业可以评价。';
    case 'approveExtension':
      return `批准延长 ${appeal.extensionDays ?? '—'} 个工作日，办理期限随之顺延，企业将收到新的期限。`;
    case 'close':
      return '办结后诉求记为“未评价”，不计入满意。';
    default:
      return null;
  }
}

/** Why a listed step cannot be taken right now (the server would refuse it), or null. */
function unavailable(step: AppealStep, appeal: AppealDetail): string | null {
  if ((step === 'approveExtension' || step === 'refuseExtension') && appeal.extensionDays === null) return APPEAL_MSG.noExtensionPending;
  if (step === 'requestExtension' && appeal.extensionDays !== null) return APPEAL_MSG.extensionPending;
  return null;
}

interface StepValues {
  note?: string;
  department?: string;
  handlerId?: number;
  extensionDays?: number;
  files?: UploadedFile[];
}

const PRIMARY = new Set<string>(['accept', 'reply']);
const DANGER = new Set<string>(['reject', 'refuseExtension']);

/** A button for each step in `appeal.steps`, in the server's order; each opens its form. */
export function StepButtons({ appeal }: { appeal: AppealDetail }) {
  const [open, setOpen] = useState<AppealStep | null>(null);
  if (appeal.steps.length === 0) return <Typography.Text type="secondary">当前状态下没有可办理的步骤</Typography.Text>;
  return (
    <>
      <Flex gap={8} wrap>
        {appeal.steps.map((s) => {
          const why = unavailable(s as AppealStep, appeal);
          return (
            <Button key={s} type={PRIMARY.has(s) ? 'primary' : 'default'} danger={DANGER.has(s)} disabled={why !== null} title={why ?? undefined} onClick={() => setOpen(s as AppealStep)}>
              {appealStepLabel(s)}
            </Button>
          );
        })}
      </Flex>
      {open && <StepDialog key={open} step={open} appeal={appeal} onClose={() => setOpen(null)} />}
    </>
  );
}

function StepDialog({ step, appeal, onClose }: { step: AppealStep; appeal: AppealDetail; onClose: () => void }) {
  const [form] = Form.useForm<StepValues>();
  const [saving, setSaving] = useState(false);
  const label = APPEAL_FLOW.steps[step].label;
  const note = NOTES[step];
  const write = useStepWrite((body: AppealStepBody) => takeAppealStep(appeal.id, body), { detail: appealConsoleQueries.detail(appeal.id).queryKey, answered: (a) => a.appeal, service: appealConsoleQueries.all() });

  async function confirm() {
    let v: StepValues;
    try {
      v = await form.validateFields();
    } catch {
      return; // each field shows why under it
    }
    const text = v.note?.trim();
    const body: AppealStepBody = {
      step,
      ...(text ? { note: text } : {}),
      ...(step === 'assign' ? { department: v.department, handlerId: v.handlerId } : {}),
      ...(step === 'requestExtension' ? { extensionDays: v.extensionDays } : {}),
      ...(step === 'reply' && v.files?.length ? { fileIds: v.files.map((f) => f.id) } : {}),
    };
    setSaving(true);
    try {
      const { msg } = await write.mutateAsync(body);
      void toast.success(msg || APPEAL_MSG.stepDone(label));
      onClose();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  }

  const introText = intro(step, appeal);
  return (
    <Modal title={`${label}：${appeal.number}`} open onCancel={onClose} onOk={confirm} okText={label} cancelText="取消" confirmLoading={saving} destroyOnHidden>
      {introText && <p className="console-muted">{introText}</p>}
      {APPEAL_FLOW.steps[step].internal && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`这一步${HIDDEN_FROM_ENTERPRISE}：不进入企业看到的办理记录，也不通知企业。`} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={{ department: appeal.department ?? undefined, handlerId: appeal.handler?.id }}>
        {step === 'assign' && <AssignFields />}
        {step === 'requestExtension' && (
          <Form.Item label="延长的工作日数" name="extensionDays" rules={[{ required: true, message: APPEAL_MSG.extensionDaysRequired }]}>
            <InputNumber min={1} max={APPEAL_MAX_EXTENSION_DAYS} precision={0} addonAfter="个工作日" style={{ width: 200 }} />
          </Form.Item>
        )}
        {note && (
          <Form.Item
            label={note.label}
            name="note"
            rules={note.optional ? [] : [{ validator: (_, v: string | undefined) => (v?.trim() ? Promise.resolve() : Promise.reject(new Error(WORKFLOW_MSG.noteRequired(label)))) }]}
          >
            <Input.TextArea rows={4} maxLength={APPEAL_LENGTH.note} showCount placeholder={note.placeholder} />
          </Form.Item>
        )}
        {step === 'reply' && (
          <Form.Item label="答复附件" name="files">
            <AttachmentField label="上传答复附件" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** 分派: a department of the dictionary `department` and a handler (both required, as the server says). */
function AssignFields() {
  const dicts = useDictionaries(['department']);
  const handlers = useHandlerOptions();
  return (
    <>
      <Form.Item label="承办部门" name="department" rules={[{ required: true, message: APPEAL_MSG.handlerRequired }]}>
        <Select placeholder="请选择承办部门" options={dicts.options('department')} showSearch={{ optionFilterProp: 'label' }} loading={!dicts.ready} />
      </Form.Item>
      <Form.Item
        label="承办人"
        name="handlerId"
        rules={[{ required: true, message: APPEAL_MSG.handlerRequired }]}
      >
        <Select<number> placeholder="请选择承办人" options={handlers.options} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
    </>
  );
}
