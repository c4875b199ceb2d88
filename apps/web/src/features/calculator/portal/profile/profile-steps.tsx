// The enterprise profile in three steps (基本信息 → 经营指标 → 资质). One form holds every step, so
// going back and forth keeps what was typed; a draft also survives a reload (sessionStorage) until saved.
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Steps } from 'antd';
import { useState } from 'react';
import { CAPITAL_MAX, INDICATOR_BOUNDS, PATENTS_MAX, suggestScale, type Enterprise, type EnterpriseBody } from '@hqt/contract/calculator';
import { dateOf, YEARLY_FIELDS, type YearIndicators, type YearlyField } from '@hqt/contract/calculator-engine';
import { OWN_MSG } from '@hqt/contract/messages';
import { isCreditCode, PHONE_PATTERN } from '@hqt/contract/validation';
import { useDictionaries } from '@/shared/api/dictionaries';
import { useWrite } from '@/shared/lists/use-write';
import { toast } from '@/shared/ui/feedback';
import { calculatorQueries, saveEnterprise } from '../../api/calculator-api';

type YearValues = Partial<Record<YearlyField, number | null>>;
interface Values extends Omit<EnterpriseBody, 'indicators' | 'id'> {
  years: Record<string, YearValues>;
}

/** The three years the form asks for: the one before last, 上年度 and 本年度. */
export const formYears = (today = dateOf(new Date())) => {
  const y = Number(today.slice(0, 4));
  return [y - 2, y - 1, y];
};
const yearTitle = (year: number, years: number[]) => `${year}年度${year === years[1] ? '（上年度）' : year === years[2] ? '（本年度）' : ''}`;

const STEPS = [
  { title: '基本信息', fields: ['name', 'creditCode', 'legalPerson', 'foundedOn', 'nature', 'industry', 'region', 'registeredCapital', 'contactPhone'] },
  { title: '经营指标', fields: ['years', 'patents', 'scale'] },
  { title: '资质', fields: ['qualifications'] },
] as const;

const draftKey = (id: number | null) => `hqt.enterpriseDraft.${id ?? 'new'}`;

function initialValues(enterprise: Enterprise | null, years: number[]): Partial<Values> {
  const saved = sessionStorage.getItem(draftKey(enterprise?.id ?? null));
  if (saved) {
    try {
      return JSON.parse(saved) as Partial<Values>;
    } catch {
      sessionStorage.removeItem(draftKey(enterprise?.id ?? null));
    }
  }
  if (!enterprise) return { qualifications: [], years: {} };
  const { indicators, id: _id, complete: _c, updatedAt: _u, ...rest } = enterprise;
  const byYear = Object.fromEntries(years.map((y) => [String(y), indicators.find((i) => i.year === y) ?? {}]));
  return { ...(rest as unknown as Partial<Values>), years: byYear };
}

function toBody(values: Values, id: number | null, years: number[]): EnterpriseBody {
  const { years: byYear, ...rest } = values;
  const indicators: YearIndicators[] = years
    .map((year) => {
      const v = byYear?.[String(year)] ?? {};
      const row: YearIndicators = { year };
      for (const f of YEARLY_FIELDS) if (v[f] != null) row[f] = v[f];
      return row;
    })
    .filter((row) => Object.keys(row).length > 1);
  const blankToNull = <T,>(v: T | undefined | '') => (v === undefined || v === '' ? null : v);
  return {
    ...rest,
    ...(id ? { id } : {}),
    name: rest.name.trim(),
    creditCode: rest.creditCode.trim().toUpperCase(),
    nature: blankToNull(rest.nature),
    contactPhone: blankToNull(rest.contactPhone),
    registeredCapital: blankToNull(rest.registeredCapital),
    patents: blankToNull(rest.patents),
    qualifications: (rest.qualifications ?? []).map((q) => ({ code: q.code, validUntil: q.validUntil || null })),
    indicators,
  };
}

export function ProfileSteps({ enterprise, onSaved, onCancel }: { enterprise: Enterprise | null; onSaved: (e: Enterprise) => void; onCancel?: () => void }) {
  const years = formYears();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const dicts = useDictionaries(['industry', 'region', 'scale', 'nature', 'qualification']);
  const save = useWrite(saveEnterprise, [calculatorQueries.all()]);
  const id = enterprise?.id ?? null;

  const industry = Form.useWatch('industry', form);
  const last = Form.useWatch(['years', String(years[1])], form);
  const suggestion = industry ? suggestScale(industry, last?.staff, last?.revenue) : null;

  const next = async () => {
    await form.validateFields(STEPS[step]!.fields.map((f) => [f]), { recursive: true });
    setStep(step + 1);
  };
  const submit = async () => {
    // Every step's fields: a mistake on an earlier step takes the user back there.
    try {
      await form.validateFields({ recursive: true });
    } catch (err) {
      const first = (err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name[0];
      const back = STEPS.findIndex((s) => (s.fields as readonly string[]).includes(String(first)));
      if (back >= 0) setStep(back);
      return;
    }
    const saved = await save.mutateAsync(toBody(form.getFieldsValue(true) as Values, id, years));
    sessionStorage.removeItem(draftKey(id));
    void toast.success('企业信息已保存');
    onSaved(saved);
  };

  const indicatorField = (year: number, f: YearlyField) => {
    const b = INDICATOR_BOUNDS[f];
    return (
      <Form.Item
        key={f}
        name={['years', String(year), f]}
        label={`${b.label}（${b.unit}）`}
        dependencies={f === 'socialInsurance' ? [['years', String(year), 'staff']] : []}
        rules={[
          { type: 'number', min: 0, max: b.max, message: `${b.label}应在 0 到 ${b.max} ${b.unit}之间` },
          ...(b.integer ? [{ type: 'integer' as const, message: `${b.label}应为整数` }] : []),
          ...(f === 'socialInsurance'
            ? [
                ({ getFieldValue }: { getFieldValue: (n: (string | number)[]) => unknown }) => ({
                  validator: (_: unknown, v: number | null) => {
                    const staff = getFieldValue(['years', String(year), 'staff']) as number | null | undefined;
                    return v != null && staff != null && v > staff ? Promise.reject(new Error('参保职工人数不能多于企业员工人数')) : Promise.resolve();
                  },
                }),
              ]
            : []),
        ]}
      >
        <InputNumber aria-label={`${year}年度${b.label}`} min={0} max={b.max} precision={b.integer ? 0 : 2} style={{ width: '100%' }} placeholder="未填写视为缺少数据" />
      </Form.Item>
    );
  };

  return (
    <Card title={enterprise ? `完善企业信息：${enterprise.name}` : '新增企业'} className="calc-profile">
      <Steps current={step} items={STEPS.map((s) => ({ title: s.title }))} size="small" responsive={false} style={{ marginBottom: 24 }} onChange={(s) => s < step && setStep(s)} />
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(enterprise, years)}
        onValuesChange={() => sessionStorage.setItem(draftKey(id), JSON.stringify(form.getFieldsValue(true)))}
        scrollToFirstError
      >
        <div hidden={step !== 0}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label="企业名称" rules={[{ required: true, whitespace: true, min: 2, max: 100, message: OWN_MSG.enterpriseNameRule }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="creditCode"
                label="统一社会信用代码"
                rules={[{ required: true, message: '请输入统一社会信用代码' }, { validator: (_, v: string) => (!v || isCreditCode(v.trim().toUpperCase()) ? Promise.resolve() : Promise.reject(new Error(OWN_MSG.creditCodeInvalid))) }]}
              >
                <Input maxLength={18} placeholder="18 位，含校验位" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="legalPerson" label="法定代表人" rules={[{ required: true, whitespace: true, max: 30, message: '请填写法定代表人（30 字以内）' }]}>
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="foundedOn" label="成立日期" rules={[{ required: true, message: '请选择成立日期' }, { validator: (_, v: string) => (!v || v <= dateOf(new Date()) ? Promise.resolve() : Promise.reject(new Error('成立日期不能晚于今天'))) }]}>
                <Input type="date" max={dateOf(new Date())} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="industry" label="所属行业（国民经济行业门类）" rules={[{ required: true, message: '请选择所属行业' }]}>
                <Select options={dicts.options('industry')} showSearch optionFilterProp="label" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="region" label="所在乡镇（街道）" rules={[{ required: true, message: '请选择所在乡镇（街道）' }]}>
                <Select options={dicts.options('region')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="nature" label="企业性质">
                <Select options={dicts.options('nature')} allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="registeredCapital" label="注册资本（万元）" rules={[{ type: 'number', min: 0, max: CAPITAL_MAX, message: `注册资本应在 0 到 ${CAPITAL_MAX} 万元之间` }]}>
                <InputNumber min={0} max={CAPITAL_MAX} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contactPhone" label="联系电话" rules={[{ pattern: new RegExp(PHONE_PATTERN), message: '联系电话应为 11 位手机号' }]}>
                <Input maxLength={11} inputMode="tel" />
              </Form.Item>
            </Col>
          </Row>
        </div>

        <div hidden={step !== 1}>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title="金额单位为万元，人数单位为人。未填写的指标视为缺少数据，相关政策将显示“缺少数据”。研发费用占比由研发费用和营业收入自动计算。" />
          <Row gutter={16}>
            {years.map((year) => (
              <Col xs={24} lg={8} key={year}>
                <Card size="small" title={yearTitle(year, years)} style={{ marginBottom: 16 }}>
                  {YEARLY_FIELDS.map((f) => indicatorField(year, f))}
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="patents" label="有效发明专利（件）" rules={[{ type: 'integer', min: 0, max: PATENTS_MAX, message: `有效发明专利应为 0 到 ${PATENTS_MAX} 的整数` }]}>
                <InputNumber min={0} max={PATENTS_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="scale" label="企业规模" rules={[{ required: true, message: '请选择企业规模' }]} extra={suggestion ? `按${yearTitle(years[1]!, years)}员工人数和营业收入，建议：${dicts.labelOf('scale', suggestion.scale)}（${suggestion.basis}）` : '填写上年度员工人数和营业收入后，可按划型标准给出建议'}>
                <Select options={dicts.options('scale')} />
              </Form.Item>
              {suggestion && (
                <Button size="small" onClick={() => form.setFieldValue('scale', suggestion.scale)} style={{ marginTop: -8, marginBottom: 16 }}>
                  采用建议：{dicts.labelOf('scale', suggestion.scale)}
                </Button>
              )}
            </Col>
          </Row>
        </div>

        <div hidden={step !== 2}>
          <Form.List name="qualifications">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="start" wrap style={{ display: 'flex', marginBottom: 8 }}>
                    <Form.Item name={[field.name, 'code']} rules={[{ required: true, message: '请选择资质' }]} style={{ minWidth: 220 }}>
                      <Select options={dicts.options('qualification')} placeholder="资质" aria-label="资质" />
                    </Form.Item>
                    <Space.Compact>
                      <Space.Addon>有效期至</Space.Addon>
                      <Form.Item name={[field.name, 'validUntil']} tooltip="留空表示长期有效" noStyle>
                        <Input type="date" aria-label="有效期至" />
                      </Form.Item>
                    </Space.Compact>
                    <Button onClick={() => remove(field.name)}>删除</Button>
                  </Space>
                ))}
                <Button type="dashed" onClick={() => add({ code: undefined, validUntil: null })} block>
                  添加资质
                </Button>
                <p className="calc-hint">已过期的资质不计入测算。</p>
              </>
            )}
          </Form.List>
        </div>
      </Form>
      <Space wrap style={{ marginTop: 16 }}>
        {onCancel && <Button onClick={onCancel}>取消</Button>}
        {step > 0 && <Button onClick={() => setStep(step - 1)}>上一步</Button>}
        {step < STEPS.length - 1 ? (
          <Button type="primary" onClick={() => void next().catch(() => {})}>
            下一步
          </Button>
        ) : (
          <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => {})}>
            保存并测算
          </Button>
        )}
      </Space>
    </Card>
  );
}
