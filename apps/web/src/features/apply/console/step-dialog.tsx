// 申报's staff steps on the workflow kit (shared/workflow/step-dialog.tsx), which draws what
// APPLY_FLOW declares. Said here only what the flow cannot: 要求补正's fields and materials (all at
// once), 初审's proposed and 拟支持's approved amount beside the calculator's estimate and the
// budget left, 联审's department, and why 拟支持 waits for opinions still missing.
import { Form, InputNumber, Select } from 'antd';
import { APPLY_FLOW, APPLY_LENGTH, APPLY_MSG, type ApplyStep, type ApplyStepBody } from '@hqt/contract/apply';
import type { ApplyConsoleDetail } from '@hqt/contract/apply-console';
import { formFields } from '@hqt/contract/apply-form';
import { StepButtons, type StepFields, type StepValues } from '@/shared/workflow/step-dialog';
import { applyConsoleQueries, takeApplyStep } from '../api/apply-api';

interface Values extends StepValues {
  fields?: string[];
  materialKinds?: string[];
  amount?: number;
  department?: string;
}

const pendingJoint = (a: ApplyConsoleDetail) => a.joint.filter((j) => j.opinion === null);

const amountField = (label: string) => (
  <Form.Item label={label} name="amount" rules={[{ required: true, message: APPLY_MSG.amountRequired }]}>
    <InputNumber min={0} max={1e8} addonAfter="万元" style={{ width: 240 }} />
  </Form.Item>
);

function fieldsOf(a: ApplyConsoleDetail): Partial<Record<ApplyStep, StepFields<ApplyStepBody, Values>>> {
  return {
    askCorrection: {
      before: (
        <>
          <Form.Item label="需补正的字段" name="fields">
            <Select mode="multiple" placeholder="选择需要补正的字段" options={formFields(a.sections).map((f) => ({ value: f.key, label: f.label }))} />
          </Form.Item>
          <Form.Item
            label="需补正的材料"
            name="materialKinds"
            dependencies={['fields']}
            rules={[({ getFieldValue }) => ({ validator: async (_, v?: string[]) => { if (!v?.length && !(getFieldValue('fields') as string[] | undefined)?.length) throw new Error(APPLY_MSG.correctionNothing); } })]}
          >
            <Select mode="multiple" placeholder="选择需要补正的材料" options={a.materials.map((m) => ({ value: m.kind, label: m.label }))} />
          </Form.Item>
        </>
      ),
      body: (v) => ({ fields: v.fields ?? [], materialKinds: v.materialKinds ?? [] }),
    },
    firstReview: { before: amountField('建议支持金额'), body: (v) => ({ amount: v.amount }) },
    approve: { before: amountField('核定金额'), body: (v) => ({ amount: v.amount }) },
    jointOpinion: {
      before: (
        <Form.Item label="联审部门" name="department" rules={[{ required: true, message: APPLY_MSG.departmentRequired }]}>
          <Select placeholder="选择给出意见的部门" options={pendingJoint(a).map((j) => ({ value: j.department, label: j.departmentName }))} />
        </Form.Item>
      ),
      body: (v) => ({ department: v.department }),
    },
  };
}

/** The texts that name the application's figures, over the declared ones. */
function intro(step: string, a: ApplyConsoleDetail, declared: string | undefined): string | undefined {
  const estimate = a.verdictNow.amount === null ? '政策标准无法测算金额' : `政策标准测算 ${a.verdictNow.amount} 万元`;
  if (step === 'firstReview') return `${estimate}；建议金额不能超过测算金额。`;
  if (step === 'approve') {
    const budget = a.budget ? `本年度资金额度 ${a.budget.amount} 万元，已核定 ${a.budget.approved} 万元` : '本年度资金额度尚未设置';
    return `${estimate}；${budget}。${declared ?? ''}`;
  }
  if (step === 'askCorrection') return `已补正 ${a.corrections.length} 次，最多 ${a.maxCorrections} 次。${declared ?? ''}`;
  return declared;
}

function unavailable(step: string, a: ApplyConsoleDetail): string | null {
  const pending = pendingJoint(a);
  if (step === 'approve' && pending.length) return APPLY_MSG.jointPending(pending.map((j) => j.departmentName).join('、'));
  if (step === 'jointOpinion' && !pending.length) return '联审意见已齐全';
  if (step === 'askCorrection' && a.corrections.length >= a.maxCorrections) return APPLY_MSG.tooManyCorrections(a.corrections.length);
  return null;
}

/** A button for each step in `application.steps`, in the server's order; each opens its form. */
export function ApplyStepButtons({ application: a }: { application: ApplyConsoleDetail }) {
  return (
    <StepButtons
      flow={APPLY_FLOW}
      steps={a.steps}
      title={(label) => `${label}：${a.number}`}
      write={(body: ApplyStepBody) => takeApplyStep(a.id, body)}
      cache={{ detail: applyConsoleQueries.detail(a.id).queryKey, answered: (r) => r.application, service: applyConsoleQueries.all() }}
      done={APPLY_MSG.stepDone}
      noteMax={APPLY_LENGTH.note}
      intro={(step, declared) => intro(step, a, declared)}
      unavailable={(step) => unavailable(step, a)}
      initialValues={{ amount: a.proposedAmount ?? a.verdictNow.amount ?? undefined }}
      fields={fieldsOf(a)}
    />
  );
}
