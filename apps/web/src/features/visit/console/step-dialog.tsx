// 走访's staff steps on the workflow kit (shared/workflow/step-dialog.tsx), which draws what
// VISIT_FLOW declares: a button for each step the server lists but the summary (summarize is the
// summary form's). 不予安排 and 取消走访 are the kit's note dialog; 安排走访 and 重新提议时间 open the
// arrangement (with the clash check) and 同意改期 the enterprise's time (checked for clashes too),
// dialogs of their own that write through the kit. After a step the server's 「…成功」 is shown and
// the visit, the list and the calendar refresh (all under visitConsoleQueries.all()).
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal } from 'antd';
import { useState } from 'react';
import { VISIT_FLOW, VISIT_LENGTH, VISIT_MSG, type VisitDetail, type VisitStep } from '@hqt/contract/visit';
import type { VisitConsoleStepBody } from '@hqt/contract/visit-console';
import { StepButtons, type OwnDialog, type StepFields, type StepValues } from '@/shared/workflow/step-dialog';
import { checkClashes, takeVisitStep, visitConsoleQueries } from '../api/visit-console-api';
import { ArrangementForm, type Arrangement } from './arrangement-form';
import { clashText, spanText } from './visit-ui';

type ButtonStep = VisitConsoleStepBody['step'];
const BUTTON_STEPS = new Set<string>(['schedule', 'refuse', 'accept', 'repropose', 'cancel'] satisfies ButtonStep[]);

type Dialog = OwnDialog<VisitConsoleStepBody> & { visit: VisitDetail };

/** The steps with a dialog of their own. */
const fieldsOf = (visit: VisitDetail): Partial<Record<VisitStep, StepFields<VisitConsoleStepBody, StepValues>>> => ({
  schedule: { own: (d) => <ArrangeDialog {...d} step="schedule" visit={visit} /> },
  repropose: { own: (d) => <ArrangeDialog {...d} step="repropose" visit={visit} /> },
  accept: { own: (d) => <AcceptDialog {...d} visit={visit} /> },
});

/** A button for each step in `visit.steps` but the summary, in the server's order. */
export function VisitStepButtons({ visit }: { visit: VisitDetail }) {
  return (
    <StepButtons
      flow={VISIT_FLOW}
      steps={visit.steps.filter((s) => BUTTON_STEPS.has(s))}
      title={(label) => `${label}：${visit.number}`}
      write={(body: VisitConsoleStepBody) => takeVisitStep(visit.id, body)}
      cache={{ detail: visitConsoleQueries.detail(visit.id).queryKey, answered: (a) => a.visit, service: visitConsoleQueries.all() }}
      done={VISIT_MSG.stepDone}
      noteMax={VISIT_LENGTH.note}
      fields={fieldsOf(visit)}
    />
  );
}

/** 安排走访 (the enterprise's first preferred time offered) and 重新提议时间 (its proposed time offered). */
function ArrangeDialog({ step, label, title, send, onClose, visit }: Dialog & { step: 'schedule' | 'repropose' }) {
  const initial = {
    type: visit.type,
    method: visit.method,
    startsAt: step === 'repropose' ? (visit.proposed?.start ?? visit.startsAt) : visit.preferredTimes?.[0]?.start,
    endsAt: step === 'repropose' ? (visit.proposed?.end ?? visit.endsAt) : visit.preferredTimes?.[0]?.end,
    place: visit.place,
    staff: visit.staff,
  };
  return (
    <Modal title={title} open onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {step === 'schedule' && visit.preferredTimes && <p className="console-muted">{`企业期望的时间：${visit.preferredTimes.map((t) => spanText(t.start, t.end)).join('；')}`}</p>}
      {step === 'repropose' && visit.proposed && <p className="console-muted">{`企业提议的时间：${spanText(visit.proposed.start, visit.proposed.end)}`}</p>}
      <ArrangementForm initial={initial} visitId={visit.id} submitLabel={label} onSave={(a: Arrangement, force) => send({ step, type: a.type, method: a.method, startsAt: a.startsAt, endsAt: a.endsAt, place: a.place, staff: a.staff, ...(force ? { force: true } : {}) })} />
    </Modal>
  );
}

/** 同意改期: the enterprise's time becomes the visit's; its staff's other visits then are shown first. */
function AcceptDialog({ label, title, send, onClose, visit }: Dialog) {
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
