// One staff step on a visit: a button for each step the server lists in the detail's `steps`
// (summarize is the summary form's, not a button), and the form each opens: 安排走访 and 重新提议时间
// the arrangement (with the clash check), 同意改期 the enterprise's time (checked for clashes
// too), 不予安排 and 取消走访 a reason. After a step the server's 「…成功」 is shown and the visit,
// the list and the calendar refresh (all under visitConsoleQueries.all()).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { VISIT_FLOW, VISIT_LENGTH, VISIT_MSG, type VisitDetail } from '@hqt/contract/visit';
import type { VisitConsoleStepBody } from '@hqt/contract/visit-console';
import { WORKFLOW_MSG } from '@hqt/contract/workflow';
import { useStepWrite } from '@/shared/workflow/use-step-write';
import { toast } from '@/shared/ui/feedback';
import { checkClashes, takeVisitStep, visitConsoleQueries } from '../api/visit-console-api';
import { ArrangementForm, type Arrangement } from './arrangement-form';
import { clashText, spanText, visitStepLabel } from './visit-ui';

type ButtonStep = VisitConsoleStepBody['step'];
const BUTTON_STEPS = new Set<string>(['schedule', 'refuse', 'accept', 'repropose', 'cancel'] satisfies ButtonStep[]);
const PRIMARY = new Set<string>(['schedule', 'accept']);
const DANGER = new Set<string>(['refuse', 'cancel']);

/** A button for each step in `visit.steps` but the summary, in the server's order. */
export function StepButtons({ visit }: { visit: VisitDetail }) {
  const [open, setOpen] = useState<ButtonStep | null>(null);
  const steps = visit.steps.filter((s): s is ButtonStep => BUTTON_STEPS.has(s));
  if (steps.length === 0) return <Typography.Text type="secondary">当前状态下没有可办理的步骤</Typography.Text>;
  return (
    <>
      <Flex gap={8} wrap>
        {steps.map((s) => (
          <Button key={s} type={PRIMARY.has(s) ? 'primary' : 'default'} danger={DANGER.has(s)} onClick={() => setOpen(s)}>
            {visitStepLabel(s)}
          </Button>
        ))}
      </Flex>
      {open && <StepDialog key={open} step={open} visit={visit} onClose={() => setOpen(null)} />}
    </>
  );
}

function StepDialog({ step, visit, onClose }: { step: ButtonStep; visit: VisitDetail; onClose: () => void }) {
  const label = VISIT_FLOW.steps[step].label;
  const write = useStepWrite((body: VisitConsoleStepBody) => takeVisitStep(visit.id, body), { detail: visitConsoleQueries.detail(visit.id).queryKey, answered: (a) => a.visit, service: visitConsoleQueries.all() });
  const send = async (body: VisitConsoleStepBody) => {
    const { msg } = await write.mutateAsync(body);
    void toast.success(msg || VISIT_MSG.stepDone(label));
    onClose();
  };
  const title = `${label}：${visit.number}`;
  if (step === 'schedule' || step === 'repropose') {
    const initial = { type: visit.type, method: visit.method, startsAt: step === 'repropose' ? (visit.proposed?.start ?? visit.startsAt) : visit.preferredTimes?.[0]?.start, endsAt: step === 'repropose' ? (visit.proposed?.end ?? visit.endsAt) : visit.preferredTimes?.[0]?.end, place: visit.place, staff: visit.staff };
    return (
      <Modal title={title} open onCancel={onClose} footer={null} width={760} destroyOnHidden>
        {step === 'schedule' && visit.preferredTimes && <p className="console-muted">{`企业期望的时间：${visit.preferredTimes.map((t) => spanText(t.start, t.end)).join('；')}`}</p>}
        {step === 'repropose' && visit.proposed && <p className="console-muted">{`企业提议的时间：${spanText(visit.proposed.start, visit.proposed.end)}`}</p>}
        <ArrangementForm initial={initial} visitId={visit.id} submitLabel={label} onSave={(a: Arrangement, force) => send({ step, type: a.type, method: a.method, startsAt: a.startsAt, endsAt: a.endsAt, place: a.place, staff: a.staff, ...(force ? { force: true } : {}) })} />
      </Modal>
    );
  }
  if (step === 'accept') return <AcceptDialog title={title} label={label} visit={visit} onClose={onClose} send={send} />;
  return <NoteDialog title={title} label={label} step={step} onClose={onClose} send={send} />;
}

/** 同意改期: the enterprise's time becomes the visit's; its staff's other visits then are shown first. */
function AcceptDialog({ title, label, visit, onClose, send }: { title: string; label: string; visit: VisitDetail; onClose: () => void; send: (b: VisitConsoleStepBody) => Promise<void> }) {
  const proposed = visit.proposed;
  const { data: clashes } = useQuery({
    queryKey: ['console', 'visit-clashes', visit.id, proposed],
    queryFn: () => checkClashes({ staffIds: visit.staff.map((s) => s.id), startsAt: proposed!.start, endsAt: proposed!.end, visitId: visit.id }),
    enabled: proposed !== null && visit.staff.length > 0,
  });
  const [saving, setSaving] = useState(false);
  const clash = (clashes?.length ?? 0) > 0;
  async function ok() {
    setSaving(true);
    try {
      await send({ step: 'accept', ...(clash ? { force: true } : {}) });
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal title={title} open onCancel={onClose} onOk={() => void ok()} okText={clash ? '仍然同意' : label} okButtonProps={{ danger: clash, disabled: clashes === undefined }} cancelText="取消" confirmLoading={saving} destroyOnHidden>
      <p>{`企业提议的时间：${proposed ? spanText(proposed.start, proposed.end) : '—'}`}</p>
      {clash && (
        <Alert
          type="warning"
          showIcon
          title={VISIT_MSG.clash(clashes!.length)}
          description={clashes!.map((c) => <div key={c.id}>{clashText(c)}</div>)}
        />
      )}
    </Modal>
  );
}

const NOTE_LABELS: Partial<Record<ButtonStep, string>> = { refuse: '不予安排的理由（企业可见）', cancel: '取消原因（企业可见）' };

function NoteDialog({ title, label, step, onClose, send }: { title: string; label: string; step: ButtonStep; onClose: () => void; send: (b: VisitConsoleStepBody) => Promise<void> }) {
  const [form] = Form.useForm<{ note?: string }>();
  const [saving, setSaving] = useState(false);
  const required = VISIT_FLOW.steps[step].noteRequired === true;
  async function ok() {
    let v: { note?: string };
    try {
      v = await form.validateFields();
    } catch {
      return; // the field shows why under it
    }
    const note = v.note?.trim();
    setSaving(true);
    try {
      await send({ step, ...(note ? { note } : {}) });
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal title={title} open onCancel={onClose} onOk={() => void ok()} okText={label} cancelText="取消" confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          label={NOTE_LABELS[step] ?? '说明'}
          name="note"
          rules={required ? [{ validator: (_, v: string | undefined) => (v?.trim() ? Promise.resolve() : Promise.reject(new Error(WORKFLOW_MSG.noteRequired(label)))) }] : []}
        >
          <Input.TextArea rows={4} maxLength={VISIT_LENGTH.note} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
