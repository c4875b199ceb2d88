// One step on a code (ENTCODE_FLOW: 冻结, 解冻, 注销, 换发): a button for each step the server lists
// in the detail's `steps`, and the dialog each opens asking for the reason every step requires
// (checked here with the server's own words before anything is sent). 注销 and 换发 cannot be
// undone, so their dialogs also ask to confirm what follows. After a step the server's 「企业码已…」
// is shown and every code view refreshes (entcodeConsoleQueries.all()); after 换发 the new code opens.
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ENTCODE_FLOW, ENTCODE_MSG, formatCode, type EntcodeStep } from '@hqt/contract/entcode';
import type { EntcodeDetail, EntcodeStepBody } from '@hqt/contract/entcode-console';
import { WORKFLOW_MSG } from '@hqt/contract/workflow';
import { useStepWrite } from '@/shared/workflow/use-step-write';
import { toast } from '@/shared/ui/feedback';
import { entcodeConsoleQueries, takeEntcodeStep } from '../api/entcode-console-api';
import { entcodeDetailPath } from './paths';

/** The note's longest (EntcodeStepBody). */
const NOTE_MAX = 500;

const stepLabel = (step: string) => ENTCODE_FLOW.steps[step as EntcodeStep]?.label ?? step;

/** What each step does, said in its dialog before the reason. */
const INTRO: Record<EntcodeStep, string> = {
  freeze: '冻结后扫码将提示该码已冻结，企业和访客都不能使用，可随时解冻。企业将收到通知。',
  unfreeze: '解冻后企业码恢复正常使用。企业将收到通知。',
  revoke: '注销后该码永久停用，扫码将提示已注销；如需继续赋码，可再换发新码。企业将收到通知。',
  reissue: '换发将生成新的企业码，旧码随即停用，扫码将提示已换发新码；企业需重新张贴新码。企业将收到通知。',
};

/** The steps that cannot be undone: their dialogs ask to confirm. */
const IRREVERSIBLE: Partial<Record<EntcodeStep, string>> = {
  revoke: '我已知晓：注销后该企业码不能恢复',
  reissue: '我已知晓：换发后旧企业码即停止使用',
};

const DANGER = new Set<string>(['freeze', 'revoke']);

/** A button for each step in `code.steps`, in the server's order; each opens its dialog. */
export function StepButtons({ code }: { code: EntcodeDetail }) {
  const [open, setOpen] = useState<EntcodeStep | null>(null);
  if (code.steps.length === 0) return <Typography.Text type="secondary">当前状态下没有可办理的操作</Typography.Text>;
  return (
    <>
      <Flex gap={8} wrap>
        {code.steps.map((s) => (
          <Button key={s} danger={DANGER.has(s)} type={s === 'reissue' ? 'primary' : 'default'} onClick={() => setOpen(s as EntcodeStep)}>
            {stepLabel(s)}
          </Button>
        ))}
      </Flex>
      {open && <StepDialog key={open} step={open} code={code} onClose={() => setOpen(null)} />}
    </>
  );
}

interface StepValues {
  note?: string;
  confirmed?: boolean;
}

function StepDialog({ step, code, onClose }: { step: EntcodeStep; code: EntcodeDetail; onClose: () => void }) {
  const [form] = Form.useForm<StepValues>();
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const label = ENTCODE_FLOW.steps[step].label;
  const confirmText = IRREVERSIBLE[step];
  const write = useStepWrite((body: EntcodeStepBody) => takeEntcodeStep(code.id, body), { detail: entcodeConsoleQueries.detail(code.id).queryKey, answered: (a) => a.detail, service: entcodeConsoleQueries.all() });

  async function confirm() {
    let v: StepValues;
    try {
      v = await form.validateFields();
    } catch {
      return; // each field shows why under it
    }
    setSaving(true);
    try {
      const { msg, newCodeId } = await write.mutateAsync({ step, note: v.note!.trim() });
      void toast.success(msg || ENTCODE_MSG.stepDone(label));
      onClose();
      if (newCodeId !== null) void navigate(entcodeDetailPath(newCodeId));
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={`${label}企业码：${formatCode(code.code)}`}
      open
      onCancel={onClose}
      onOk={confirm}
      okText={label}
      okButtonProps={{ danger: DANGER.has(step) }}
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      <p className="console-muted">{`${code.enterpriseName}。${INTRO[step]}`}</p>
      {confirmText && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`${label}后不能撤销，请确认。`} />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          label={`${label}原因（企业可见）`}
          name="note"
          rules={[{ validator: (_, v: string | undefined) => (v?.trim() ? Promise.resolve() : Promise.reject(new Error(WORKFLOW_MSG.noteRequired(label)))) }]}
        >
          <Input.TextArea rows={4} maxLength={NOTE_MAX} showCount placeholder={`请写明${label}的原因，企业将在消息中心看到`} />
        </Form.Item>
        {confirmText && (
          <Form.Item
            name="confirmed"
            valuePropName="checked"
            rules={[{ validator: (_, v: boolean | undefined) => (v ? Promise.resolve() : Promise.reject(new Error(`请确认后再${label}`))) }]}
          >
            <Checkbox>{confirmText}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
