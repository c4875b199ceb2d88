// 我的申报 (/policyApply/mine): every application of the account's enterprises with its state, the
// due day of the current stage and what the bureau asked for; one in full at ?id= (where the
// message centre's notices lead): the frozen form as submitted, the materials, the 承诺, every 补正
// asked and answered, the timeline; 撤回 before 受理 and the 补正 answer when one is open.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, List, Modal, Popconfirm, Result, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { APPEAL_LENGTH, appealPortalLink } from '@hqt/contract/appeal';
import { APPLY_FLOW, APPLY_LENGTH, APPLY_MSG, APPLY_PATHS, type ApplyDetail, type ApplyStepBody } from '@hqt/contract/apply';
import { withId } from '@hqt/contract/calculator';
import { formFields } from '@hqt/contract/apply-form';
import { guidePortalLink } from '@hqt/contract/policy-links';
import { ApiError, request } from '@/shared/api/http';
import { idInAddress } from '@/shared/lib/address-id';
import { toast } from '@/shared/ui/feedback';
import { RatingModal } from '@/shared/ui/rating-modal';
import { ItemFrame } from '@/shared/workflow/item-frame';
import { StepButtons } from '@/shared/workflow/step-dialog';
import { useRefreshOnNotice } from '@/shared/workflow/use-refresh-on-notice';
import { useStepWrite } from '@/shared/workflow/use-step-write';
import { Paginator } from '@/shared/ui/paginator';
import { applyQueries, takeApplyStep } from '../api/apply-api';
import { ApplicationContent } from '../ui/application-content';
import { ApplyDue, ApplyStatusTag, PromiseDue, applyStepLabel } from '../ui/apply-status';
import { FieldItem, MaterialItem } from '../ui/form-fields';
import { ApplicationPayments } from './payments';
import './apply.css';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const PAGE_SIZE = 10;

export default function MyApplicationsPage() {
  const [params, setParams] = useSearchParams();
  const openId = idInAddress(params.get('id'));
  // Staff's steps reach the list and an opened application while the page is open.
  useRefreshOnNotice('apply', applyQueries.all());
  if (openId !== null) return <ApplicationView key={openId} id={openId} onBack={() => setParams({})} />;
  return <ApplicationList onOpen={(id) => setParams({ id: String(id) })} />;
}

function ApplicationList({ onOpen }: { onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery(applyQueries.list({ currentPage: page, pageSize: PAGE_SIZE }));
  return (
    <Card
      title="我的申报"
      extra={
        <Space wrap>
          <Link to="/policyApply/auto">免申即享</Link>
          <Link to="/policyApply/materials">企业材料库</Link>
          <Link to="/policyMarket/policyMarket">去政策超市找政策</Link>
        </Space>
      }
    >
      {isLoading || !data ? (
        <Skeleton active />
      ) : data.list.length === 0 ? (
        <Empty description="还没有申报。在政策超市打开申报指南，点击“在线申报”即可申报。" />
      ) : (
        <>
          <List
            dataSource={data.list}
            renderItem={(a) => (
              <List.Item className="apply-mine-card" onClick={() => onOpen(a.id)}>
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => onOpen(a.id)}>
                        {a.guideTitle}
                      </Button>
                      <ApplyStatusTag status={a.status} />
                    </Space>
                  }
                  description={
                    <Space orientation="vertical" size={2} className="apply-mine-meta">
                      <span>{`${a.number} · ${a.enterpriseName} · 提交于 ${when(a.submittedAt)}`}</span>
                      <span>
                        当前环节期限：<ApplyDue item={a} />
                      </span>
                      {a.asked && <Typography.Text type="warning">{`需补正：${a.asked}`}</Typography.Text>}
                      {a.approvedAmount !== null && <Typography.Text type="success">{`拟支持 ${a.approvedAmount} 万元`}</Typography.Text>}
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
          <Paginator total={data.total} currentPage={page} pageSize={PAGE_SIZE} onChange={(p) => setPage(p)} />
        </>
      )}
    </Card>
  );
}

/** 提交补正: the fields and materials asked for, all at once, filled from what was submitted. */
function CorrectionModal({ application: a, onClose, onSend, sending }: { application: ApplyDetail; onClose: () => void; onSend: (body: ApplyStepBody) => void; sending: boolean }) {
  const asked = a.corrections.at(-1)!;
  const fields = formFields(a.sections).filter((f) => asked.fields.some((x) => x.key === f.key));
  const requirements = a.materials.filter((m) => asked.materials.some((x) => x.kind === m.kind)).map((m) => ({ kind: m.kind as never, label: m.label, required: true }));
  const [form] = Form.useForm<{ values: Record<string, string>; materials: Record<string, number> }>();
  const { data: library = [] } = useQuery({ ...applyQueries.materials(a.enterpriseId), enabled: requirements.length > 0 });
  const [uploaded, setUploaded] = useState<typeof library>([]);
  return (
    <Modal open title={`提交补正：${a.number}`} okText="提交补正" cancelText="取消" onCancel={onClose} onOk={() => form.submit()} confirmLoading={sending} destroyOnHidden width={640}>
      <Alert type="warning" showIcon title={asked.note} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ values: Object.fromEntries(fields.map((f) => [f.key, a.values[f.key] ?? ''])) }}
        onFinish={(v) => onSend({ step: 'correct', values: Object.fromEntries(Object.entries(v.values ?? {}).map(([k, x]) => [k, String(x ?? '').trim()])), materials: v.materials ?? {} })}
      >
        {fields.map((f) => (
          <FieldItem key={f.key} field={{ ...f, required: true }} />
        ))}
        {requirements.map((r) => (
          <MaterialItem key={r.kind} requirement={r} library={[...uploaded, ...library]} enterpriseId={a.enterpriseId} onUploaded={(m) => setUploaded((u) => [m, ...u])} />
        ))}
      </Form>
    </Modal>
  );
}

function Actions({ application: a }: { application: ApplyDetail }) {
  const [open, setOpen] = useState<'correct' | 'rate' | 'difficulty' | null>(null);
  const step = useStepWrite((body: ApplyStepBody) => takeApplyStep(a.id, body), { detail: applyQueries.detail(a.id).queryKey, answered: (r) => r.application, service: applyQueries.all() });
  const send = (body: ApplyStepBody) =>
    step.mutate(body, {
      onSuccess: (res) => {
        setOpen(null);
        void toast.success(res.msg);
      },
    });
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {a.steps.includes('correct') && (
        <Button type="primary" onClick={() => setOpen('correct')}>
          {APPLY_FLOW.steps.correct.label}
        </Button>
      )}
      {a.steps.includes('rate') && (
        <Button type="primary" onClick={() => setOpen('rate')}>
          {APPLY_FLOW.steps.rate.label}
        </Button>
      )}
      {a.steps.includes('withdraw') && (
        <Popconfirm title="撤回后可重新申报，确定撤回？" okText="撤回" cancelText="取消" onConfirm={() => send({ step: 'withdraw' })}>
          <Button danger loading={step.isPending}>
            {APPLY_FLOW.steps.withdraw.label}
          </Button>
        </Popconfirm>
      )}
      {a.steps.includes('relinquish') && (
        // 从高从优: giving up this 拟支持 (its reason asked, its consequence said) for a higher one of its group.
        <StepButtons<'relinquish', ApplyStepBody, Awaited<ReturnType<typeof takeApplyStep>>, object>
          flow={APPLY_FLOW}
          steps={['relinquish']}
          title={(label) => `${label}：${a.number}`}
          write={(body) => takeApplyStep(a.id, body)}
          cache={{ detail: applyQueries.detail(a.id).queryKey, answered: (r) => r.application, service: applyQueries.all() }}
          done={(label) => `已${label}`}
          noteMax={APPLY_LENGTH.note}
          dangerOk
        />
      )}
      <Button onClick={() => setOpen('difficulty')}>申报遇到困难</Button>
      {open === 'correct' && <CorrectionModal application={a} onClose={() => setOpen(null)} onSend={send} sending={step.isPending} />}
      {open === 'rate' && (
        <RatingModal
          title="评价政策兑现"
          comment={{ required: APPLY_MSG.commentRequired, max: APPEAL_LENGTH.comment }}
          badNotice="差评将转为诉求整改办理，工作人员将回访并答复"
          onClose={() => setOpen(null)}
          onSend={(rating) => send({ step: 'rate', ...rating })}
          sending={step.isPending}
        />
      )}
      {open === 'difficulty' && <DifficultyModal application={a} onClose={() => setOpen(null)} />}
    </Space>
  );
}

/** 申报遇到困难: the enterprise's words, filed as an 诉求 linked to this application. */
function DifficultyModal({ application: a, onClose }: { application: ApplyDetail; onClose: () => void }) {
  const [form] = Form.useForm<{ content: string }>();
  const [sending, setSending] = useState(false);
  const queryClient = useQueryClient();
  const submit = async ({ content }: { content: string }) => {
    setSending(true);
    try {
      const res = await request<{ number: string }>({ method: 'POST', url: withId(APPLY_PATHS.difficulty, a.id), data: { content: content.trim() } });
      void toast.success(res.msg);
      await queryClient.invalidateQueries({ queryKey: applyQueries.detail(a.id).queryKey });
      onClose();
    } catch {
      // the HTTP client has shown why
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal open title="申报遇到困难" okText="提交" onOk={() => form.submit()} confirmLoading={sending} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{`写明在 ${a.number} 申报、审核或兑现中遇到的困难，将转为诉求由工作人员限时办理，进度可在「企业诉求」中查看。`}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="content" label="遇到的困难" rules={[{ required: true, whitespace: true, min: 10, message: APPLY_MSG.difficultyRequired }]}>
          <Input.TextArea rows={4} maxLength={APPEAL_LENGTH.content} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ApplicationView({ id, onBack }: { id: number; onBack: () => void }) {
  const { data: a, error } = useQuery(applyQueries.detail(id));
  const backButton = <Button onClick={onBack}>返回我的申报</Button>;
  if (error instanceof ApiError && error.code === 404) return <Result status="404" title={APPLY_MSG.notFound} extra={backButton} />;
  if (error) return <Result status="error" title="申报加载失败" extra={backButton} />;
  if (!a) return <Card title="申报详情"><Skeleton active /></Card>;
  const open = a.corrections.at(-1);
  return (
    <ItemFrame
      className="apply-detail"
      title={a.guideTitle}
      status={<ApplyStatusTag status={a.status} />}
      backLabel="返回我的申报"
      onBack={onBack}
      actions={
        <>
          {a.status === 'correcting' && open && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`请补正：${[...open.fields.map((f) => f.label), ...open.materials.map((m) => m.label)].join('、')}`} description={`${open.note}（${APPLY_MSG.paused}）`} />}
          <Actions application={a} />
        </>
      }
      facts={() => (
        <>
          <Descriptions.Item label="申报编号">{a.number}</Descriptions.Item>
          <Descriptions.Item label="申报企业">{a.enterpriseName}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{when(a.submittedAt)}</Descriptions.Item>
          <Descriptions.Item label="当前期限">
            <ApplyDue item={a} />
          </Descriptions.Item>
          <Descriptions.Item label="兑现时限">
            <PromiseDue item={a} />
          </Descriptions.Item>
          <Descriptions.Item label="核定金额">{a.approvedAmount === null ? '—' : `${a.approvedAmount} 万元`}</Descriptions.Item>
          <Descriptions.Item label="申报指南">
            <Link to={guidePortalLink(a.guideId)}>查看指南</Link>
          </Descriptions.Item>
          <Descriptions.Item label="补正次数">{`${a.corrections.length} / ${a.maxCorrections}`}</Descriptions.Item>
        </>
      )}
      rating={{ label: null, comment: null }}
      timeline={{ title: '办理记录', entries: a.timeline, stepLabel: applyStepLabel, empty: '暂无办理记录' }}
    >
      {(a.rating || a.appeals.length > 0) && (
        <section aria-label="评价与诉求" className="apply-feedback">
          {a.rating && <Typography.Paragraph>{`兑现评价：${a.rating.label}${a.rating.comment ? `（${a.rating.comment}）` : ''}`}</Typography.Paragraph>}
          {a.appeals.map((x) => (
            <Typography.Paragraph key={x.id}>
              <Link to={appealPortalLink(x.id)}>{`诉求 ${x.number}：${x.title}`}</Link>
              {`（${x.statusLabel}）`}
            </Typography.Paragraph>
          ))}
        </section>
      )}
      <ApplicationPayments application={a} />
      <ApplicationContent application={a} />
    </ItemFrame>
  );
}
