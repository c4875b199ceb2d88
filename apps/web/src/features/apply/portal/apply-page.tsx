// 在线申报 (/policyApply/apply?guide=N[&enterprise=M]): the calculator's answer for the chosen
// enterprise first (符合 / 缺少数据 with the warning / 不符合 with why, and then no form), the form
// as the guide declares it with what the bureau knows prefilled, the materials from the 材料库 or
// uploaded into it, the 信用承诺书 and the 对公账户, the completion checklist, and 提交. The draft is
// saved on the server as one types (shared by the enterprise's accounts, with who saved it last).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, List, Result, Select, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { APPLY_MSG, applyPortalLink, type ApplyStart, type BankAccount, type ChosenMaterials, type FormValues, type Material } from '@hqt/contract/apply';
import { formProblems } from '@hqt/contract/apply-form';
import { guidePortalLink } from '@hqt/contract/policy-links';
import { ApiError } from '@/shared/api/http';
import { enterprisesQuery } from '@/shared/api/enterprises';
import { idInAddress } from '@/shared/lib/address-id';
import { BankAccountFields } from '@/shared/ui/bank-account-fields';
import { toast } from '@/shared/ui/feedback';
import { applyQueries, saveDraft, submitApplication } from '../api/apply-api';
import { FieldItem, MaterialItem } from '../ui/form-fields';
import './apply.css';
import { NoEnterprise } from '@/shared/ui/no-enterprise';

interface Values {
  values: Record<string, string | undefined>;
  materials: Record<string, number | undefined>;
  signer?: string;
  agreed?: boolean;
  bankAccount: Partial<BankAccount>;
}

const DRAFT_DELAY_MS = 1500;
const clean = (v: Values): { values: FormValues; materials: ChosenMaterials } => ({
  values: Object.fromEntries(Object.entries(v.values ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '')),
  materials: Object.fromEntries(Object.entries(v.materials ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number')),
});

export default function ApplyPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const guideId = idInAddress(params.get('guide'));
  const { data: enterprises } = useQuery(enterprisesQuery());
  if (guideId === null) return <Result status="404" title={APPLY_MSG.guideNotFound} extra={<Button onClick={() => void navigate('/policyMarket/policyMarket')}>去政策超市</Button>} />;
  if (!enterprises) return <Card title="在线申报"><Skeleton active /></Card>;
  const asked = idInAddress(params.get('enterprise'));
  const chosen = enterprises.find((e) => e.id === asked) ?? enterprises[0];
  if (!chosen) {
    return (
      <Card title="在线申报">
        <NoEnterprise description="申报前，请先在政策计算中添加您的企业信息" />
      </Card>
    );
  }
  const picker =
    enterprises.length > 1 ? (
      <Select aria-label="申报企业" value={chosen.id} style={{ minWidth: 220 }} options={enterprises.map((e) => ({ value: e.id, label: e.name }))} onChange={(id: number) => setParams({ guide: String(guideId), enterprise: String(id) })} />
    ) : null;
  return <ApplyForm key={`${guideId}:${chosen.id}`} guideId={guideId} enterpriseId={chosen.id} picker={picker} />;
}

function ApplyForm({ guideId, enterpriseId, picker }: { guideId: number; enterpriseId: number; picker: React.ReactNode }) {
  const { data: start, error } = useQuery(applyQueries.start(guideId, enterpriseId));
  const back = <Link to={guidePortalLink(guideId)}>返回申报指南</Link>;
  if (error) return <Result status={error instanceof ApiError && error.code === 404 ? '404' : 'warning'} title={error.message} extra={back} />;
  if (!start) return <Card title="在线申报"><Skeleton active /></Card>;
  return <Filling start={start} picker={picker} back={back} />;
}

function Verdict({ start }: { start: ApplyStart }) {
  const { verdict } = start;
  const type = verdict.verdict === 'eligible' ? 'success' : verdict.verdict === 'missing' ? 'warning' : 'error';
  const amount = verdict.amount !== null && verdict.amount > 0 ? ` · 预计可享扶持 ${verdict.amount} 万元` : '';
  return (
    <Alert
      type={type}
      showIcon
      title={`政策计算器：${verdict.verdictLabel}${amount}`}
      description={
        verdict.reasons.length > 0 || start.warnings.length > 0 ? (
          <Flex vertical gap={4}>
            {verdict.reasons.length > 0 && <span>{`${verdict.verdict === 'missing' ? '尚缺的数据' : '未满足的条件'}：${verdict.reasons.join('；')}`}</span>}
            {start.warnings.map((w) => (
              <span key={w}>{w}</span>
            ))}
          </Flex>
        ) : undefined
      }
    />
  );
}

function Filling({ start, picker, back }: { start: ApplyStart; picker: React.ReactNode; back: React.ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [library, setLibrary] = useState<Material[]>(start.library);
  const [draft, setDraft] = useState(start.draft ? { at: start.draft.updatedAt, by: start.draft.updatedBy } : null);
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { form: definition, guideId, enterpriseId } = start;
  const usable = new Set(library.filter((m) => !m.expired).map((m) => m.id));
  const initial: Values = {
    values: { ...start.prefill, ...start.draft?.values },
    materials: Object.fromEntries(Object.entries(start.draft?.materials ?? {}).filter(([, id]) => usable.has(id))),
    bankAccount: { name: start.enterpriseName },
  };
  const watched = Form.useWatch([], form) as Values | undefined;
  const current = clean(watched ?? initial);
  const problems = formProblems(definition, current.values, current.materials);
  const prefilled = Object.keys(start.prefill).length;
  const fieldCount = definition.sections.reduce((n, s) => n + s.fields.length, 0);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const keepDraft = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const body = { guideId, enterpriseId, ...clean(form.getFieldsValue(true) as Values) };
      saveDraft(body).then(
        (saved) => setDraft({ at: saved.updatedAt, by: saved.updatedBy }),
        () => undefined, // a draft that did not save is tried again at the next change
      );
    }, DRAFT_DELAY_MS);
  };

  const submit = async (v: Values) => {
    if (timer.current) clearTimeout(timer.current);
    setSubmitting(true);
    try {
      const { application, msg } = await submitApplication({
        guideId,
        enterpriseId,
        formVersion: definition.version,
        ...clean(v),
        signer: v.signer?.trim() ?? '',
        agreed: true,
        bankAccount: { name: start.enterpriseName, bank: v.bankAccount.bank?.trim() ?? '', number: v.bankAccount.number?.trim() ?? '' },
      });
      void toast.success(msg);
      void queryClient.invalidateQueries({ queryKey: applyQueries.all() });
      void navigate(applyPortalLink(application.id));
    } catch {
      // the HTTP client has shown why (the form changed, a material expired meanwhile…)
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title={`在线申报：${start.guideTitle}`} className="apply-page" extra={back}>
      <Flex vertical gap={16}>
        <Flex gap={12} align="center" wrap>
          <Typography.Text>申报企业：</Typography.Text>
          {picker ?? <Typography.Text strong>{start.enterpriseName}</Typography.Text>}
        </Flex>
        <Verdict start={start} />
        {start.inProgress && (
          <Alert type="info" showIcon title={APPLY_MSG.alreadyApplied(start.inProgress.number)} action={<Link to={applyPortalLink(start.inProgress.id)}>查看申报</Link>} />
        )}
        {start.allowed && !start.inProgress && (
          <Form form={form} layout="vertical" initialValues={initial} onValuesChange={keepDraft} onFinish={(v) => void submit(v)} scrollToFirstError>
            <Typography.Paragraph type="secondary">
              {`共 ${fieldCount} 项，已根据企业信息预填 ${prefilled} 项（标有“已预填”，可修改）。`}
              {draft && ` 草稿已于 ${new Date(draft.at).toLocaleString('zh-CN', { hour12: false })} 由 ${draft.by} 保存。`}
            </Typography.Paragraph>
            {definition.sections.map((section) => (
              <Card key={section.title} type="inner" title={section.title} className="apply-section">
                {section.fields.map((f) => (
                  <FieldItem key={f.key} field={f} known={start.prefill[f.key]} />
                ))}
              </Card>
            ))}
            {definition.materials.length > 0 && (
              <Card type="inner" title="申报材料" className="apply-section">
                {definition.materials.map((m) => (
                  <MaterialItem key={m.kind} requirement={m} library={library} enterpriseId={enterpriseId} onUploaded={(saved) => setLibrary((l) => [saved, ...l])} />
                ))}
              </Card>
            )}
            <Card type="inner" title="对公账户（用于资金拨付）" className="apply-section">
              <BankAccountFields holder={start.enterpriseName} prefix={['bankAccount']} />
            </Card>
            <Card type="inner" title="信用承诺书" className="apply-section">
              <Typography.Paragraph className="apply-commitment">{definition.commitment}</Typography.Paragraph>
              <Form.Item name="signer" label="承诺人" rules={[{ required: true, whitespace: true, message: APPLY_MSG.signerRequired }, { max: 20, message: '承诺人不能超过 20 个字' }]}>
                <Input maxLength={20} style={{ maxWidth: 240 }} />
              </Form.Item>
              <Form.Item name="agreed" valuePropName="checked" rules={[{ validator: async (_, v) => { if (!v) throw new Error(APPLY_MSG.commitmentRequired); } }]}>
                <Checkbox>本企业已阅读并承诺遵守以上信用承诺</Checkbox>
              </Form.Item>
            </Card>
            <Card type="inner" title="提交前检查" className="apply-section">
              {problems.length === 0 ? (
                <Tag color="success">表单内容和申报材料已齐全</Tag>
              ) : (
                <List size="small" header={`还有 ${problems.length} 项未完成`} dataSource={problems} renderItem={(p) => <List.Item>{p.message}</List.Item>} />
              )}
            </Card>
            <Button type="primary" htmlType="submit" loading={submitting} size="large" style={{ marginTop: 16 }}>
              提交申报
            </Button>
          </Form>
        )}
      </Flex>
    </Card>
  );
}
