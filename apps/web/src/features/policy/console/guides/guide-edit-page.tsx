// 新建/编辑申报指南: every field the market shows, and the eligibility and amount rules in a form
// with their preview in words exactly as the portal shows them. Rules with problems are not saved.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { applyFormConsoleLink } from '@hqt/contract/apply-console';
import type { GuideInput } from '@hqt/contract/policy-console';
import { ruleProblems } from '@hqt/contract/policy';
import { ADMIN_BASE } from '@/config/routes';
import { useDictionaries } from '@/shared/api/dictionaries';
import { toast } from '@/shared/ui/feedback';
import { consoleKeys } from '@/shared/console/console-api';
import { content } from '../../api/content-api';
import { EditFrame, idOf } from '@/shared/console/edit-frame';
import RulesForm, { type RulesValue } from './rules-form';

type GuideForm = Omit<GuideInput, 'eligibility' | 'amountRule' | 'windowStart' | 'windowEnd' | 'materials' | 'steps' | 'onlineUrl'> & {
  window: [Dayjs, Dayjs];
  materials: string;
  steps: string;
  onlineUrl: string;
};

const LIST = `${ADMIN_BASE}/guides`;
const lines = (text: string | undefined) => (text ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
const EMPTY_RULES: RulesValue = { eligibility: { groups: [] }, amountRule: { kind: 'none' } };

/** The published and draft policies to choose from, searched by title. */
function PolicySelect({ value, onChange, initialTitle }: { value?: number; onChange?: (v: number) => void; initialTitle?: string }) {
  const [keyword, setKeyword] = useState('');
  const { data } = useQuery({ queryKey: [...consoleKeys.area('policy'), 'choose', keyword], queryFn: () => content('policy').page({ keyword: keyword || undefined, currentPage: 1, pageSize: 20 }) });
  const options = (data?.list ?? []).filter((p) => p.status !== 'withdrawn').map((p) => ({ value: p.id, label: `${p.title}（${p.docNo}）` }));
  if (value && initialTitle && !options.some((o) => o.value === value)) options.unshift({ value, label: initialTitle });
  return <Select showSearch filterOption={false} onSearch={setKeyword} value={value} onChange={onChange} options={options} placeholder="搜索政策文件标题" aria-label="所属政策" />;
}

export default function GuideEditPage() {
  const id = idOf(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<GuideForm>();
  // The rules as edited; until the first edit, the saved ones.
  const [edited, setRules] = useState<RulesValue | null>(null);
  const [saving, setSaving] = useState(false);
  const dicts = useDictionaries(['supportType', 'guideMode', 'industry', 'region', 'scale', 'qualification']);
  const { data: item, isLoading, isError } = useQuery({
    queryKey: [...consoleKeys.area('guide'), 'item', id],
    queryFn: () => content('guide').read(id!),
    enabled: typeof id === 'number' && !Number.isNaN(id),
  });
  const { data: policy } = useQuery({
    queryKey: [...consoleKeys.area('policy'), 'item', item?.policyId],
    queryFn: () => content('policy').read(item!.policyId),
    enabled: Boolean(item),
  });

  useEffect(() => {
    if (!item) return;
    form.setFieldsValue({ ...item, window: [dayjs(item.windowStart), dayjs(item.windowEnd)], materials: item.materials.join('\n'), steps: item.steps.join('\n'), onlineUrl: item.onlineUrl ?? '' });
  }, [item, form]);
  const rules = edited ?? (item ? { eligibility: item.eligibility, amountRule: item.amountRule } : EMPTY_RULES);

  async function save() {
    let v: GuideForm;
    try {
      v = await form.validateFields();
    } catch {
      return void toast.error('请检查表单中标红的项');
    }
    const problems = ruleProblems(rules.eligibility, rules.amountRule, (dict, code) => dicts.options(dict).some((o) => o.value === code));
    if (problems.length > 0) return void toast.error(`规则有误：${problems[0]}`);
    const { window, materials, steps, onlineUrl, ...rest } = v;
    const input: GuideInput = {
      ...rest,
      ...rules,
      industries: rest.industries ?? [],
      regions: rest.regions ?? [],
      windowStart: window[0].toISOString(),
      windowEnd: window[1].toISOString(),
      materials: lines(materials),
      steps: lines(steps),
      onlineUrl: onlineUrl?.trim() || null,
    };
    setSaving(true);
    try {
      const saved = await content('guide').save(id, input);
      void toast.success('已保存');
      await queryClient.invalidateQueries({ queryKey: consoleKeys.area('guide') });
      if (id === null) void navigate(`${LIST}/${saved.id}`, { replace: true });
    } catch {
      // the HTTP client has shown why
    } finally {
      setSaving(false);
    }
  }

  const text = (name: keyof GuideForm, label: string, max: number, rows = 3, required = false) => (
    <Form.Item name={name} label={label} rules={[{ required, max, message: `请填写${label}（不超过 ${max} 字）` }]}>
      <Input.TextArea rows={rows} maxLength={max} showCount />
    </Form.Item>
  );

  return (
    <EditFrame steps={content('guide')} title={id === null ? '新建申报指南' : '编辑申报指南'} id={id} item={item} loading={isLoading && id !== null} missing={Number.isNaN(id) || isError} listPath={LIST} saving={saving} onSave={() => void save()}>
      <Form form={form} layout="vertical" initialValues={{ payoutDays: 30, industries: [], regions: [], summary: '', beneficiaries: '', conditionsText: '', supportStandard: '', materials: '', steps: '', onlineUrl: '' }}>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Form.Item name="title" label="指南名称" rules={[{ required: true, min: 2, max: 200, message: '请填写指南名称（2-200 字）' }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="policyId" label="所属政策" rules={[{ required: true, message: '请选择所属政策' }]}>
              <PolicySelect initialTitle={policy?.title} />
            </Form.Item>
          </Col>
          <Col xs={12} lg={6}>
            <Form.Item name="supportType" label="扶持方式" rules={[{ required: true, message: '请选择扶持方式' }]}>
              <Select options={dicts.options('supportType')} />
            </Form.Item>
          </Col>
          <Col xs={12} lg={6}>
            <Form.Item name="mode" label="申报方式" rules={[{ required: true, message: '请选择申报方式' }]}>
              <Select options={dicts.options('guideMode')} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="window" label="申报期" rules={[{ required: true, message: '请选择申报期' }]}>
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="industries" label="适用行业（不选为全部行业）">
              <Select mode="multiple" options={dicts.options('industry')} optionFilterProp="label" maxCount={30} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="regions" label="适用乡镇街道（不选为全县）">
              <Select mode="multiple" options={dicts.options('region')} optionFilterProp="label" />
            </Form.Item>
          </Col>
          <Col xs={24}>{text('summary', '摘要', 1000, 2)}</Col>
          <Col xs={24} lg={12}>{text('beneficiaries', '申报对象', 2000)}</Col>
          <Col xs={24} lg={12}>{text('conditionsText', '申报条件（文字）', 4000)}</Col>
          <Col xs={24}>{text('supportStandard', '支持标准（文字）', 4000)}</Col>
        </Row>
        {id !== null && (
          <Card size="small" title="在线申报" style={{ marginBottom: 16 }}>
            <Link to={applyFormConsoleLink(id)}>设计申报表单、申报材料、办理时限和年度资金额度</Link>
          </Card>
        )}
        <Card size="small" title="资格与金额规则（政策计算器据此测算）" style={{ marginBottom: 16 }}>
          <RulesForm value={rules} onChange={setRules} labelOf={dicts.labelOf} options={dicts.options} />
        </Card>
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="deptName" label="受理部门" rules={[{ required: true, max: 100, message: '请填写受理部门' }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={10}>
            <Form.Item name="deptAddress" label="受理地址" rules={[{ required: true, max: 200, message: '请填写受理地址' }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={12} lg={4}>
            <Form.Item name="deptPhone" label="咨询电话" rules={[{ required: true, max: 40, message: '请填写咨询电话' }]}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={12} lg={4}>
            <Form.Item name="payoutDays" label="兑现天数" rules={[{ required: true, message: '请填写兑现天数' }]}>
              <InputNumber min={0} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="materials" label="申报材料（每行一项）">
              <Input.TextArea rows={4} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="steps" label="办理流程（每行一步）">
              <Input.TextArea rows={4} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="onlineUrl" label="在线申报地址" rules={[{ pattern: /^https?:\/\//, message: '在线申报地址须以 http:// 或 https:// 开头' }]}>
              <Input maxLength={500} placeholder="https://…（可选）" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </EditFrame>
  );
}
