// 诉求's staff steps on the workflow kit (shared/workflow/step-dialog.tsx), which draws what
// APPEAL_FLOW declares. Said here only what the flow cannot: the texts naming this appeal's
// category limit, state or pending days; why the extension steps wait on a pending request; and
// the fields of 分派 (department, handler), 申请延期 (days) and 答复 (attachments). After a step
// the appeal, the queue and its counts refresh (all under appealConsoleQueries.all()).
import { Form, InputNumber, Select } from 'antd';
import { APPEAL_FLOW, APPEAL_LENGTH, APPEAL_MAX_EXTENSION_DAYS, APPEAL_MSG, type AppealDetail, type AppealStep, type AppealStepBody } from '@hqt/contract/appeal';
import type { UploadedFile } from '@hqt/contract/files';
import { useDictionaries } from '@/shared/api/dictionaries';
import { AttachmentField } from '@/shared/upload/attachments';
import { StepButtons, type StepFields, type StepValues } from '@/shared/workflow/step-dialog';
import { appealConsoleQueries, takeAppealStep } from '../api/appeal-api';
import { useHandlerOptions } from './handlers';

interface Values extends StepValues {
  department?: string;
  handlerId?: number;
  extensionDays?: number;
  files?: UploadedFile[];
}

/** The texts that name the appeal's data, over the declared ones. */
function intro(step: string, appeal: AppealDetail, declared: string | undefined): string | undefined {
  switch (step) {
    case 'accept':
      return appeal.limitDays === null ? declared : `受理后开始计算办理时限：${appeal.categoryName} ${appeal.limitDays} 个工作日。`;
    case 'reply':
      return appeal.status === 'reopened' ? `整改答复前须先记录回访。${declared}` : declared;
    case 'approveExtension':
      return `批准延长 ${appeal.extensionDays ?? '—'} 个工作日，办理期限随之顺延，企业将收到新的期限。`;
    default:
      return declared;
  }
}

/** Why a listed step cannot be taken right now (the server would refuse it), or null. */
function unavailable(step: string, appeal: AppealDetail): string | null {
  if ((step === 'approveExtension' || step === 'refuseExtension') && appeal.extensionDays === null) return APPEAL_MSG.noExtensionPending;
  if (step === 'requestExtension' && appeal.extensionDays !== null) return APPEAL_MSG.extensionPending;
  return null;
}

const FIELDS: Partial<Record<AppealStep, StepFields<AppealStepBody, Values>>> = {
  assign: { before: <AssignFields />, body: (v) => ({ department: v.department, handlerId: v.handlerId }) },
  requestExtension: {
    before: (
      <Form.Item label="延长的工作日数" name="extensionDays" rules={[{ required: true, message: APPEAL_MSG.extensionDaysRequired }]}>
        <InputNumber min={1} max={APPEAL_MAX_EXTENSION_DAYS} precision={0} addonAfter="个工作日" style={{ width: 200 }} />
      </Form.Item>
    ),
    body: (v) => ({ extensionDays: v.extensionDays }),
  },
  reply: {
    after: (
      <Form.Item label="答复附件" name="files">
        <AttachmentField label="上传答复附件" />
      </Form.Item>
    ),
    body: (v) => (v.files?.length ? { fileIds: v.files.map((f) => f.id) } : {}),
  },
};

/** A button for each step in `appeal.steps`, in the server's order; each opens its form. */
export function AppealStepButtons({ appeal }: { appeal: AppealDetail }) {
  return (
    <StepButtons
      flow={APPEAL_FLOW}
      steps={appeal.steps}
      title={(label) => `${label}：${appeal.number}`}
      write={(body: AppealStepBody) => takeAppealStep(appeal.id, body)}
      cache={{ detail: appealConsoleQueries.detail(appeal.id).queryKey, answered: (a) => a.appeal, service: appealConsoleQueries.all() }}
      done={APPEAL_MSG.stepDone}
      noteMax={APPEAL_LENGTH.note}
      intro={(step, declared) => intro(step, appeal, declared)}
      unavailable={(step) => unavailable(step, appeal)}
      initialValues={{ department: appeal.department ?? undefined, handlerId: appeal.handler?.id }}
      fields={FIELDS}
    />
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
      <Form.Item label="承办人" name="handlerId" rules={[{ required: true, message: APPEAL_MSG.handlerRequired }]}>
        <Select<number> placeholder="请选择承办人" options={handlers.options} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
    </>
  );
}
