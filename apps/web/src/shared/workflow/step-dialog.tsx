// A staff step on a workflow item: a button for each step the server lists in the item's `steps`,
// and the dialog each opens, drawn from the flow step's declaration (contract/workflow.ts FlowStep:
// tone, confirm, noteLabel, notePlaceholder, noteRequired, internal, acknowledge). A service passes
// only what its flow cannot say: the title, texts naming the item's data, the fields a step asks
// besides its note, and steps that draw their own dialog. What is asked is checked with the
// server's own words before anything is sent; the write goes through useStepWrite and the server's
// 「…成功」 is shown.
import type { QueryKey } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { WORKFLOW_MSG, type FlowStep } from '@hqt/contract/workflow';
import { toast } from '@/shared/ui/feedback';
import { useStepWrite } from './use-step-write';

/** Said of every step and field the enterprise never sees. */
export const HIDDEN_FROM_ENTERPRISE = '企业不可见';

/** The dialog's own fields; a service's steps add theirs. */
export interface StepValues {
  note?: string;
  acknowledged?: boolean;
}

/** What a step drawing its own dialog is given: `send` rejects when the write fails (the HTTP client has said why). */
export interface OwnDialog<B> {
  label: string;
  title: string;
  send: (body: B) => Promise<void>;
  onClose: () => void;
}

/** What one step asks besides its declared note. */
export interface StepFields<B, V> {
  /** Fields above the note, and below it. */
  before?: ReactNode;
  after?: ReactNode;
  /** What those fields add to the body. */
  body?: (values: V) => Partial<B>;
  /** The step draws its own dialog instead (a form with its own submit, a check before the OK). */
  own?: (dialog: OwnDialog<B>) => ReactNode;
}

export interface StepKit<K extends string, B extends { step: string; note?: string }, A extends { msg: string }, V extends StepValues> {
  flow: { steps: Readonly<Record<K, FlowStep<string>>> };
  /** The dialog's title, e.g. 受理：SQ20261120-0001. */
  title: (label: string) => string;
  write: (body: B) => Promise<A>;
  /** useStepWrite's: the detail the answer replaces, the detail in the answer, the service's queries. */
  cache: { detail: QueryKey; answered: (answer: A) => unknown; service: QueryKey };
  /** The toast when the server's answer says nothing. */
  done: (label: string) => string;
  /** After the toast, the dialog closed (e.g. opening the item the step made). */
  after?: (answer: A) => void;
  noteMax: number;
  /** The text before the fields when it names the item's data; else the declared `confirm`. */
  intro?: (step: NoInfer<K>, declared: string | undefined) => string | null | undefined;
  initialValues?: Partial<V>;
  fields?: Partial<Record<NoInfer<K>, StepFields<B, V>>>;
  /** The OK button of a danger step is a danger too. */
  dangerOk?: boolean;
}

interface ButtonsProps<K extends string, B extends { step: string; note?: string }, A extends { msg: string }, V extends StepValues> extends StepKit<K, B, A, V> {
  /** The server's `steps`, in its order. */
  steps: readonly string[];
  /** Why a listed step cannot be taken right now (the server would refuse it): its button is disabled saying so. */
  unavailable?: (step: NoInfer<K>) => string | null;
  empty?: string;
}

/** A button for each listed step, in the server's order; each opens its dialog. */
export function StepButtons<K extends string, B extends { step: string; note?: string }, A extends { msg: string }, V extends StepValues>({
  steps,
  unavailable,
  empty = '当前状态下没有可办理的步骤',
  ...kit
}: ButtonsProps<K, B, A, V>) {
  const [open, setOpen] = useState<K | null>(null);
  if (steps.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <>
      <Flex gap={8} wrap>
        {(steps as readonly K[]).map((s) => {
          const declared: FlowStep<string> | undefined = kit.flow.steps[s];
          const why = unavailable?.(s) ?? null;
          return (
            <Button key={s} type={declared?.tone === 'primary' ? 'primary' : 'default'} danger={declared?.tone === 'danger'} disabled={why !== null} title={why ?? undefined} onClick={() => setOpen(s)}>
              {declared?.label ?? s}
            </Button>
          );
        })}
      </Flex>
      {open && <StepDialog key={open} {...kit} step={open} onClose={() => setOpen(null)} />}
    </>
  );
}

export function StepDialog<K extends string, B extends { step: string; note?: string }, A extends { msg: string }, V extends StepValues>({
  step,
  onClose,
  ...kit
}: StepKit<K, B, A, V> & { step: K; onClose: () => void }) {
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const declared = kit.flow.steps[step];
  const { label } = declared;
  const title = kit.title(label);
  const fields = kit.fields?.[step];
  const write = useStepWrite(kit.write, kit.cache);

  async function send(body: B) {
    const answer = await write.mutateAsync(body);
    void toast.success(answer.msg || kit.done(label));
    onClose();
    kit.after?.(answer);
  }

  if (fields?.own) return fields.own({ label, title, send, onClose });

  async function confirm() {
    let v: V;
    try {
      v = await form.validateFields();
    } catch {
      return; // each field shows why under it
    }
    const note = v.note?.trim();
    setSaving(true);
    try {
      await send({ step, ...(note ? { note } : {}), ...fields?.body?.(v) } as B);
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  }

  const intro = kit.intro ? kit.intro(step, declared.confirm) : declared.confirm;
  // A step asks a note when it says what the note is, or needs one.
  const asksNote = declared.noteLabel !== undefined || declared.noteRequired === true;
  return (
    <Modal
      title={title}
      open
      onCancel={onClose}
      onOk={() => void confirm()}
      okText={label}
      okButtonProps={{ danger: kit.dangerOk === true && declared.tone === 'danger' }}
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      {intro && <p className="console-muted">{intro}</p>}
      {declared.internal && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`这一步${HIDDEN_FROM_ENTERPRISE}：不进入企业看到的办理记录，也不通知企业。`} />}
      {declared.acknowledge && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`${label}后不能撤销，请确认。`} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={kit.initialValues}>
        {fields?.before}
        {asksNote && (
          <Form.Item
            label={declared.noteLabel ?? '说明'}
            name="note"
            rules={declared.noteRequired ? [{ validator: (_, v: string | undefined) => (v?.trim() ? Promise.resolve() : Promise.reject(new Error(WORKFLOW_MSG.noteRequired(label)))) }] : []}
          >
            <Input.TextArea rows={4} maxLength={kit.noteMax} showCount placeholder={declared.notePlaceholder} />
          </Form.Item>
        )}
        {fields?.after}
        {declared.acknowledge && (
          <Form.Item
            name="acknowledged"
            valuePropName="checked"
            rules={[{ validator: (_, v: boolean | undefined) => (v ? Promise.resolve() : Promise.reject(new Error(`请确认后再${label}`))) }]}
          >
            <Checkbox>{declared.acknowledge}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
