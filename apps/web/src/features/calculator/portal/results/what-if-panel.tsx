// 假设测算: change an indicator and the results follow at once — the browser runs the same engine as
// the server (packages/contract/src/calculator-engine.ts); nothing is saved to the profile.
import { Button, Card, Col, InputNumber, Row, Space, Tag } from 'antd';
import { INDICATOR_BOUNDS, PATENTS_MAX } from '@hqt/contract/calculator';
import { YEARLY_FIELDS, yearOf, type EnterpriseFacts, type YearlyField } from '@hqt/contract/calculator-engine';

interface Props {
  asOf: string;
  facts: EnterpriseFacts;
  changed: boolean;
  onChange: (facts: EnterpriseFacts) => void;
  onReset: () => void;
}

function setYearly(facts: EnterpriseFacts, year: number, field: YearlyField, value: number | null): EnterpriseFacts {
  const has = facts.indicators.some((r) => r.year === year);
  const indicators = has ? facts.indicators.map((r) => (r.year === year ? { ...r, [field]: value } : r)) : [...facts.indicators, { year, [field]: value }];
  return { ...facts, indicators };
}

export function WhatIfPanel({ asOf, facts, changed, onChange, onReset }: Props) {
  const years = [
    { year: yearOf(asOf, 'last'), word: '上年度' },
    { year: yearOf(asOf, 'current'), word: '本年度' },
  ];
  return (
    <Card
      size="small"
      id="what-if"
      title={
        <Space>
          假设测算
          {changed && <Tag color="orange">假设数据，未保存到企业信息</Tag>}
        </Space>
      }
      extra={
        <Button size="small" disabled={!changed} onClick={onReset}>
          恢复企业数据
        </Button>
      }
    >
      <p className="calc-hint">修改下列指标，测算结果即时变化。</p>
      {years.map(({ year, word }) => {
        const row = facts.indicators.find((r) => r.year === year);
        return (
          <div key={year}>
            <h4 className="calc-whatif-year">
              {word}（{year}年）
            </h4>
            <Row gutter={[12, 8]}>
              {YEARLY_FIELDS.map((f) => {
                const b = INDICATOR_BOUNDS[f];
                return (
                  <Col xs={12} md={8} key={f}>
                    <label className="calc-whatif-label">
                      {word}
                      {b.label}（{b.unit}）
                      <InputNumber
                        aria-label={`${word}${b.label}`}
                        min={0}
                        max={b.max}
                        precision={b.integer ? 0 : 2}
                        value={row?.[f] ?? null}
                        onChange={(v) => onChange(setYearly(facts, year, f, v))}
                        style={{ width: '100%' }}
                      />
                    </label>
                  </Col>
                );
              })}
            </Row>
          </div>
        );
      })}
      <Row gutter={12} style={{ marginTop: 8 }}>
        <Col xs={12} md={8}>
          <label className="calc-whatif-label">
            有效发明专利（件）
            <InputNumber aria-label="有效发明专利" min={0} max={PATENTS_MAX} precision={0} value={facts.patents ?? null} onChange={(v) => onChange({ ...facts, patents: v })} style={{ width: '100%' }} />
          </label>
        </Col>
      </Row>
    </Card>
  );
}
