// 申报表单 (staff, /admin/applications/forms/:id, from the guide's own page): the form designer —
// sections and their fields (add, move, remove; type, required, limits, options, help, and where
// the bureau's data prefill it), the materials asked by kind, the 信用承诺书, the time limits, the
// 联审 departments and the 不重复享受 group — with a preview as the enterprise sees it; each save is
// a new version (submitted applications keep theirs). Beside it, the guide's 资金额度 for a year.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Drawer, Flex, Form, Input, InputNumber, Result, Row, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ADVANCE_PERCENT, APPLY_DEFAULTS, APPLY_FORM_LIMITS, APPLY_LENGTH, FIELD_TYPES, MATERIAL_KINDS, PREFILL_SOURCES, type ApplyFormBody, type FieldType, type FormSection } from '@hqt/contract/apply';
import { APPLY_CONSOLE_PATHS, type ApplyFormState, type Budget } from '@hqt/contract/apply-console';
import { formDefinitionError, PROFILE_SECTION } from '@hqt/contract/apply-form';
import { withId } from '@hqt/contract/calculator';
import { ADMIN_BASE } from '@/config/routes';
import { useDictionaries } from '@/shared/api/dictionaries';
import { http, request } from '@/shared/api/http';
import { idInAddress } from '@/shared/lib/address-id';
import { toast } from '@/shared/ui/feedback';
import { FieldItem } from '../ui/form-fields';
import { APPLY_QUEUE } from './paths';

const thisYear = () => Number(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 4));

/** Where a new form starts: what the bureau knows of every enterprise, prefilled. */
const STARTER: ApplyFormBody = {
  sections: [PROFILE_SECTION],
  materials: [{ kind: 'license', required: true }],
  commitment: '本企业承诺所填报的信息和提交的材料真实、准确、完整，如有虚假，自愿退回扶持资金并承担相应责任。',
  acceptDays: APPLY_DEFAULTS.acceptDays,
  reviewDays: APPLY_DEFAULTS.reviewDays,
  maxCorrections: APPLY_DEFAULTS.maxCorrections,
  promiseDays: APPLY_DEFAULTS.promiseDays,
  departments: [],
  exclusiveGroup: null,
};

const formQuery = (id: number) => ({ queryKey: ['console', 'applications', 'form', id], queryFn: () => http.get<ApplyFormState>(withId(APPLY_CONSOLE_PATHS.form, id), { silent: true }) });
const budgetQuery = (id: number, year: number) => ({ queryKey: ['console', 'applications', 'budget', id, year], queryFn: () => http.get<Budget>(withId(APPLY_CONSOLE_PATHS.budget, id), { params: { year } }) });

const TYPE_OPTIONS = Object.entries(FIELD_TYPES).map(([value, label]) => ({ value, label }));
const PREFILL_OPTIONS = Object.entries(PREFILL_SOURCES).map(([value, label]) => ({ value, label }));
const KIND_OPTIONS = Object.entries(MATERIAL_KINDS).map(([value, label]) => ({ value, label }));

/** The form as saved: empty optional parts left out, as the contract's schema takes them. */
function cleaned(v: ApplyFormBody): ApplyFormBody {
  const sections: FormSection[] = v.sections.map((s) => ({
    title: s.title.trim(),
    fields: s.fields.map((f) => ({
      key: f.key.trim(),
      label: f.label.trim(),
      type: f.type,
      required: Boolean(f.required),
      ...(typeof f.min === 'number' ? { min: f.min } : {}),
      ...(typeof f.max === 'number' ? { max: f.max } : {}),
      ...(f.type === 'select' ? { options: f.options ?? [] } : {}),
      ...(f.help?.trim() ? { help: f.help.trim() } : {}),
      ...(f.prefill ? { prefill: f.prefill } : {}),
    })),
  }));
  const materials = v.materials.map((m) => ({ kind: m.kind, required: Boolean(m.required), ...(m.label?.trim() ? { label: m.label.trim() } : {}) }));
  // A cleared 预拨比例 is left out (paid whole), not sent as null.
  const { advancePercent, ...rest } = v;
  return { ...rest, sections, materials, commitment: v.commitment.trim(), departments: v.departments ?? [], exclusiveGroup: v.exclusiveGroup?.trim() || null, ...(typeof advancePercent === 'number' ? { advancePercent } : {}) };
}

function Mover({ index, count, move, remove, name }: { index: number; count: number; move: (from: number, to: number) => void; remove: () => void; name: string }) {
  return (
    <Space size={0}>
      <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={`上移${name}`} disabled={index === 0} onClick={() => move(index, index - 1)} />
      <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={`下移${name}`} disabled={index === count - 1} onClick={() => move(index, index + 1)} />
      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除${name}`} onClick={remove} />
    </Space>
  );
}

/** A section's fields, inside the sections' Form.List (its name is relative to the section). */
function FieldsOf({ section }: { section: number }) {
  return (
    <Form.List name={[section, 'fields']}>
      {(fields, { add, move, remove }) => (
        <Flex vertical gap={8}>
          {fields.map((field, i) => (
            <Card key={field.key} size="small" className="apply-design-field">
              <Row gutter={8} align="middle">
                <Col xs={12} md={4}>
                  <Form.Item name={[field.name, 'label']} label="字段名称" rules={[{ required: true, whitespace: true, message: '请填写字段名称' }]}>
                    <Input maxLength={APPLY_LENGTH.label} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={3}>
                  <Form.Item name={[field.name, 'key']} label="字段标识" rules={[{ required: true, pattern: /^[a-zA-Z][a-zA-Z0-9]{0,29}$/, message: '字母开头，字母和数字' }]}>
                    <Input maxLength={30} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={3}>
                  <Form.Item name={[field.name, 'type']} label="类型" rules={[{ required: true, message: '请选择类型' }]}>
                    <Select options={TYPE_OPTIONS} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={5}>
                  <Form.Item name={[field.name, 'prefill']} label="预填来源">
                    <Select allowClear placeholder="不预填" options={PREFILL_OPTIONS} showSearch={{ optionFilterProp: 'label' }} />
                  </Form.Item>
                </Col>
                <Col xs={8} md={2}>
                  <Form.Item name={[field.name, 'min']} label="下限">
                    <InputNumber min={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={8} md={2}>
                  <Form.Item name={[field.name, 'max']} label="上限/字数">
                    <InputNumber min={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={8} md={2}>
                  <Form.Item name={[field.name, 'required']} label="必填" valuePropName="checked">
                    <Checkbox />
                  </Form.Item>
                </Col>
                <Col xs={24} md={3} style={{ textAlign: 'right' }}>
                  <Mover index={i} count={fields.length} move={move} remove={() => remove(field.name)} name="字段" />
                </Col>
                <Form.Item noStyle shouldUpdate>
                  {({ getFieldValue }) =>
                    (getFieldValue(['sections', section, 'fields', field.name, 'type']) as FieldType) === 'select' ? (
                      <Col xs={24} md={12}>
                        <Form.Item name={[field.name, 'options']} label="选项" rules={[{ required: true, message: '单选字段须设置选项' }]}>
                          <Select mode="tags" tokenSeparators={['，', ',']} placeholder="输入选项后回车" />
                        </Form.Item>
                      </Col>
                    ) : null
                  }
                </Form.Item>
                <Col xs={24} md={12}>
                  <Form.Item name={[field.name, 'help']} label="填写说明">
                    <Input maxLength={APPLY_LENGTH.help} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          ))}
          <Button icon={<PlusOutlined />} disabled={fields.length >= APPLY_FORM_LIMITS.fields} onClick={() => add({ key: `field${fields.length + 1}`, label: '', type: 'text', required: true })}>
            添加字段
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

function BudgetCard({ guideId }: { guideId: number }) {
  const [year, setYear] = useState(thisYear());
  const queryClient = useQueryClient();
  const { data } = useQuery(budgetQuery(guideId, year));
  const [amount, setAmount] = useState<number | null>(null);
  const save = async () => {
    if (amount === null) return void toast.error('请填写资金额度');
    try {
      const res = await request<Budget>({ method: 'PUT', url: withId(APPLY_CONSOLE_PATHS.budget, guideId), data: { year, amount } });
      void toast.success(res.msg);
      await queryClient.invalidateQueries({ queryKey: ['console', 'applications'] });
    } catch {
      // the HTTP client has shown why
    }
  };
  return (
    <Card size="small" title="年度资金额度（拟支持不能超出）">
      <Space wrap>
        <Select aria-label="年度" value={year} style={{ width: 110 }} options={[thisYear() - 1, thisYear(), thisYear() + 1].map((y) => ({ value: y, label: `${y} 年` }))} onChange={(y: number) => setYear(y)} />
        <InputNumber aria-label="资金额度" min={0} max={1e8} addonAfter="万元" value={amount ?? data?.amount ?? null} onChange={(v) => setAmount(typeof v === 'number' ? v : null)} style={{ width: 200 }} />
        <Button onClick={() => void save()}>保存额度</Button>
        <Typography.Text type="secondary">{data ? (data.amount === null ? `尚未设置；已核定 ${data.approved} 万元` : `已核定 ${data.approved} 万元，剩余 ${Math.round((data.amount - data.approved) * 10_000) / 10_000} 万元`) : ''}</Typography.Text>
      </Space>
    </Card>
  );
}

export default function ApplyFormPage() {
  const id = idInAddress(useParams().id);
  const navigate = useNavigate();
  const { data, error, isLoading } = useQuery({ ...formQuery(id ?? 0), enabled: id !== null });
  const back = <Button onClick={() => void navigate(`${ADMIN_BASE}/guides/${id}`)}>返回指南</Button>;
  if (id === null || error) return <Result status="404" title="申报指南不存在" extra={back} />;
  if (isLoading || !data) return <Card title="申报表单"><Skeleton active /></Card>;
  return <Designer state={data} back={back} />;
}

function Designer({ state, back }: { state: ApplyFormState; back: React.ReactNode }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ApplyFormBody>();
  const dicts = useDictionaries(['department']);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<ApplyFormBody | null>(null);
  const initial = state.form ?? STARTER;
  const save = async () => {
    const body = cleaned(await form.validateFields());
    const problem = formDefinitionError(body);
    if (problem) return void toast.error(problem);
    setSaving(true);
    try {
      const res = await request<ApplyFormState>({ method: 'PUT', url: withId(APPLY_CONSOLE_PATHS.form, state.guideId), data: body });
      void toast.success(res.msg);
      queryClient.setQueryData(formQuery(state.guideId).queryKey, res.data);
    } catch {
      // the HTTP client has shown why
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      title={`申报表单：${state.guideTitle}`}
      extra={
        <Space wrap>
          {back}
          <Link to={`${APPLY_QUEUE}?guideId=${state.guideId}`}>该指南的申报</Link>
          <Button onClick={() => setPreview(cleaned(form.getFieldsValue(true) as ApplyFormBody))}>预览</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存为新版本
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title={state.form ? `当前为第 ${state.form.version} 版（${new Date(state.form.savedAt).toLocaleString('zh-CN', { hour12: false })} 保存）；已提交的申报保留其提交时的版本。` : '该指南尚未设置申报表单：企业暂不能在线申报。以下为建议的起始表单。'} />
        <BudgetCard guideId={state.guideId} />
        <Form form={form} layout="vertical" initialValues={initial} requiredMark={false}>
          <Form.List name="sections">
            {(sections, { add, move, remove }) => (
              <Flex vertical gap={12}>
                {sections.map((section, i) => (
                  <Card
                    key={section.key}
                    type="inner"
                    title={
                      <Form.Item name={[section.name, 'title']} noStyle rules={[{ required: true, whitespace: true, message: '请填写分组名称' }]}>
                        <Input aria-label="分组名称" maxLength={APPLY_LENGTH.label} style={{ maxWidth: 320 }} />
                      </Form.Item>
                    }
                    extra={<Mover index={i} count={sections.length} move={move} remove={() => remove(section.name)} name="分组" />}
                  >
                    <FieldsOf section={section.name} />
                  </Card>
                ))}
                <Button icon={<PlusOutlined />} disabled={sections.length >= APPLY_FORM_LIMITS.sections} onClick={() => add({ title: '申报事项', fields: [{ key: `field${Date.now() % 1000}`, label: '项目名称', type: 'text', required: true }] })}>
                  添加分组
                </Button>
              </Flex>
            )}
          </Form.List>
          <Card type="inner" title="申报材料" style={{ marginTop: 16 }}>
            <Form.List name="materials">
              {(items, { add, move, remove }) => (
                <Flex vertical gap={8}>
                  {items.map((item, i) => (
                    <Row key={item.key} gutter={8} align="middle">
                      <Col xs={12} md={6}>
                        <Form.Item name={[item.name, 'kind']} label="材料类型" rules={[{ required: true, message: '请选择材料类型' }]}>
                          <Select options={KIND_OPTIONS} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={10}>
                        <Form.Item name={[item.name, 'label']} label="材料名称（不填则用类型名）">
                          <Input maxLength={APPLY_LENGTH.label} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={4}>
                        <Form.Item name={[item.name, 'required']} label="必交" valuePropName="checked">
                          <Checkbox />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={4} style={{ textAlign: 'right' }}>
                        <Mover index={i} count={items.length} move={move} remove={() => remove(item.name)} name="材料" />
                      </Col>
                    </Row>
                  ))}
                  <Button icon={<PlusOutlined />} disabled={items.length >= APPLY_FORM_LIMITS.materials} onClick={() => add({ kind: 'other', required: false })}>
                    添加材料
                  </Button>
                </Flex>
              )}
            </Form.List>
          </Card>
          <Card type="inner" title="信用承诺书与办理规则" style={{ marginTop: 16 }}>
            <Form.Item name="commitment" label="信用承诺书（企业确认时显示）" rules={[{ required: true, whitespace: true, message: '请填写信用承诺书' }]}>
              <Input.TextArea rows={4} maxLength={APPLY_LENGTH.commitment} showCount />
            </Form.Item>
            <Row gutter={16}>
              {(
                [
                  ['acceptDays', '受理时限（工作日）', 1, 30],
                  ['reviewDays', '每个审核环节时限（工作日）', 1, 60],
                  ['maxCorrections', '补正次数上限', 0, 5],
                  ['promiseDays', '快申快享兑现时限（工作日）', 1, 250],
                ] as const
              ).map(([name, label, min, max]) => (
                <Col key={name} xs={12} md={6}>
                  <Form.Item name={name} label={label} rules={[{ required: true, message: `请填写${label}` }]}>
                    <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              ))}
              <Col xs={24} md={12}>
                <Form.Item name="departments" label="联审部门（各给出意见后方可拟支持）">
                  <Select mode="multiple" options={dicts.options('department')} loading={!dicts.ready} placeholder="不需要联审" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="exclusiveGroup" label="不重复享受分组（同组同一年度从高从优）">
                  <Input maxLength={40} placeholder="如：技改类（不填则不限）" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="advancePercent" label="预拨比例（%，先预拨，项目验收通过后结算其余）" extra="不填则核定后一次性全额拨付">
                  <InputNumber min={ADVANCE_PERCENT.min} max={ADVANCE_PERCENT.max} precision={0} placeholder="如 40" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </Form>
      </Flex>
      <Drawer open={preview !== null} onClose={() => setPreview(null)} title="预览：企业看到的申报表单" size={640}>
        {preview && (
          <Form layout="vertical" disabled>
            {preview.sections.map((s) => (
              <Card key={s.title} type="inner" title={s.title} style={{ marginBottom: 12 }}>
                {s.fields.map((f) => (
                  <FieldItem key={f.key} field={f} known={f.prefill ? '' : undefined} />
                ))}
              </Card>
            ))}
            <Card type="inner" title="申报材料" style={{ marginBottom: 12 }}>
              {preview.materials.map((m) => (
                <Typography.Paragraph key={m.kind}>{`${m.label ?? MATERIAL_KINDS[m.kind]}${m.required ? '（必交）' : ''}`}</Typography.Paragraph>
              ))}
            </Card>
            <Card type="inner" title="信用承诺书">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{preview.commitment}</Typography.Paragraph>
            </Card>
          </Form>
        )}
      </Drawer>
    </Card>
  );
}
