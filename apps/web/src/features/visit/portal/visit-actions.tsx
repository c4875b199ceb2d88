// What the enterprise may do with a visit, drawn only for the steps the server lists in
// `visit.steps`: 确认走访, 拒绝走访 (a note), 提议改期 (another time), 评价 (the 好差评 scale; 不满意 or
// below needs a comment); and a confirmed visit's .ics for the calendar.
import { CalendarOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { VISIT_FLOW, VISIT_LENGTH, VISIT_MSG, type VisitApprovalBody, type VisitAppraisalBody, type VisitDetail } from '@hqt/contract/visit';
import { WORKFLOW_MSG } from '@hqt/contract/workflow';
import { useStepWrite } from '@/shared/workflow/use-step-write';
import { toast } from '@/shared/ui/feedback';
import { RatingModal } from '@/shared/ui/rating-modal';
import { answerVisit, appraiseVisit, downloadVisitIcs, visitQueries } from '../api/visit-api';
import { spanProblem } from '../ui/visit-status';
import { TimeRange, type Range } from './time-range';

const LABEL = VISIT_FLOW.steps;

function DeclineModal({ onClose, onSend, sending }: { onClose: () => void; onSend: (note: string) => void; sending: boolean }) {
  const [form] = Form.useForm<{ note: string }>();
  return (
    <Modal open title={LABEL.decline.label} okText="拒绝走访" okButtonProps={{ danger: true }} cancelText="取消" onCancel={onClose} onOk={() => form.submit()} confirmLoading={sending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => onSend(v.note.trim())}>
        <Form.Item name="note" label="拒绝说明" rules={[{ required: true, whitespace: true, message: WORKFLOW_MSG.noteRequired(LABEL.decline.label) }]}>
          <Input.TextArea rows={4} maxLength={VISIT_LENGTH.note} showCount placeholder="请说明不便接受走访的原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ProposeModal({ onClose, onSend, sending }: { onClose: () => void; onSend: (body: Pick<VisitApprovalBody, 'proposed' | 'note'>) => void; sending: boolean }) {
  const [form] = Form.useForm<{ time?: Range; note?: string }>();
  return (
    <Modal open title={LABEL.propose.label} okText="提交新时间" cancelText="取消" onCancel={onClose} onOk={() => form.submit()} confirmLoading={sending} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => {
          const [start, end] = v.time ?? [];
          if (start && end) onSend({ proposed: { start: start.toISOString(), end: end.toISOString() }, ...(v.note?.trim() ? { note: v.note.trim() } : {}) });
        }}
      >
        <Form.Item
          name="time"
          label="建议的走访时间"
          required
          rules={[
            {
              validator: async (_, value?: Range) => {
                const [start, end] = value ?? [];
                if (!start || !end) throw new Error(VISIT_MSG.proposedRequired);
                const problem = spanProblem(start, end);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <TimeRange label="建议的走访时间" />
        </Form.Item>
        <Form.Item name="note" label="说明（选填）">
          <Input.TextArea rows={3} maxLength={VISIT_LENGTH.note} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function VisitActions({ visit }: { visit: VisitDetail }) {
  const [open, setOpen] = useState<'decline' | 'propose' | 'appraise' | null>(null);
  const navigate = useNavigate();
  const cached = { detail: visitQueries.detail(visit.id).queryKey, answered: (a: { visit: VisitDetail }) => a.visit, service: visitQueries.all() };
  const answer = useStepWrite((body: Omit<VisitApprovalBody, 'id'>) => answerVisit({ id: visit.id, ...body }), cached);
  const appraise = useStepWrite((body: Omit<VisitAppraisalBody, 'id'>) => appraiseVisit({ id: visit.id, ...body }), cached);
  const done = (res: { msg: string }) => {
    setOpen(null);
    void toast.success(res.msg);
  };
  const may = (s: keyof typeof LABEL) => visit.steps.includes(s);
  const ics = visit.status === 'confirmed';
  // A problem the summary left out, or one that came up later: an appeal about this visit.
  const held = visit.status === 'visited' || visit.status === 'appraised';
  if (!may('approve') && !may('decline') && !may('propose') && !may('appraise') && !ics && !held) return null;
  return (
    <Space wrap className="visit-actions">
      {may('approve') && (
        <Popconfirm title="确认接受本次走访？" okText="确认" cancelText="取消" onConfirm={() => answer.mutate({ action: 'approve' }, { onSuccess: done })}>
          <Button type="primary" loading={answer.isPending}>
            {LABEL.approve.label}
          </Button>
        </Popconfirm>
      )}
      {may('propose') && <Button onClick={() => setOpen('propose')}>{LABEL.propose.label}</Button>}
      {may('decline') && (
        <Button danger onClick={() => setOpen('decline')}>
          {LABEL.decline.label}
        </Button>
      )}
      {may('appraise') && (
        <Button type="primary" onClick={() => setOpen('appraise')}>
          {LABEL.appraise.label}
        </Button>
      )}
      {ics && (
        <Button icon={<CalendarOutlined />} onClick={() => void downloadVisitIcs(visit)}>
          加入日历（.ics）
        </Button>
      )}
      {held && (
        <Button onClick={() => void navigate(`/enterpriseDemands/enterpriseDemands?enterprise=${visit.enterpriseId}&visitId=${visit.id}`)}>就本次走访提出诉求</Button>
      )}
      {open === 'decline' && <DeclineModal onClose={() => setOpen(null)} sending={answer.isPending} onSend={(note) => answer.mutate({ action: 'decline', note }, { onSuccess: done })} />}
      {open === 'propose' && <ProposeModal onClose={() => setOpen(null)} sending={answer.isPending} onSend={(body) => answer.mutate({ action: 'propose', ...body }, { onSuccess: done })} />}
      {open === 'appraise' && (
        <RatingModal
          title="评价走访"
          comment={{ required: VISIT_MSG.commentRequired, max: VISIT_LENGTH.comment }}
          onClose={() => setOpen(null)}
          onSend={(body) => appraise.mutate(body, { onSuccess: done })}
          sending={appraise.isPending}
        />
      )}
    </Space>
  );
}
