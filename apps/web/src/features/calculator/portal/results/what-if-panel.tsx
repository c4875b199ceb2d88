// 假设测算: change an indicator and the results follow at once — the browser runs the same engine as
// the server (packages/contract/src/calculator-engine.ts); nothing is saved to the profile.
// Each figure is read as typed: a negative one ('-5', '−5'), one past the contract's bounds or one
// that is not a number ('abc') is said under its field and not evaluated (never taken as 0); the
// results stay on the last good figures until it is fixed, and onInvalid tells the page meanwhile.
import { Alert, Button, Card, Col, Input, Row, Space, Tag } from 'antd';
import { useId, useState } from 'react';
import { INDICATOR_BOUNDS, PATENTS_MAX } from '@hqt/contract/calculator';
import { YEARLY_FIELDS, yearOf, type EnterpriseFacts, type YearlyField } from '@hqt/contract/calculator-engine';
import { readFigure, type FigureBounds } from './what-if-input';

interface Props {
  asOf: string;
  facts: EnterpriseFacts;
  changed: boolean;
  onChange: (facts: EnterpriseFacts) => void;
  onReset: () => void;
  /** True while some figure is refused (the results do not include it), false once none is. */
  onInvalid?: (invalid: boolean) => void;
}

const PATENTS_BOUNDS: FigureBounds = { label: '有效发明专利', unit: '件', max: PATENTS_MAX, integer: true };
const shown = (v: number | null | undefined) => (v == null ? '' : String(v));

/** One figure's input, its text kept as typed; a refused one is marked and said below it. */
function Figure({ name, caption, text, problem, onText }: { name: string; caption: string; text: string; problem?: string; onText: (text: string) => void }) {
  const errorId = useId();
  return (
    <>
      <label className="calc-whatif-label">
        {caption}
        <Input
          aria-label={name}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          status={problem ? 'error' : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => onText(e.target.value)}
        />
      </label>
      {problem && (
        <div id={errorId} role="alert" className="calc-whatif-error">
          {problem}
        </div>
      )}
    </>
  );
}

function setYearly(facts: EnterpriseFacts, year: number, field: YearlyField, value: number | null): EnterpriseFacts {
  const has = facts.indicators.some((r) => r.year === year);
  const indicators = has ? facts.indicators.map((r) => (r.year === year ? { ...r, [field]: value } : r)) : [...facts.indicators, { year, [field]: value }];
  return { ...facts, indicators };
}

export function WhatIfPanel({ asOf, facts, changed, onChange, onReset, onInvalid }: Props) {
  /** The figures as typed, by `year.field` or `patents`: kept while refused, or while they still say the value in use. */
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const years = [
    { year: yearOf(asOf, 'last'), word: '上年度' },
    { year: yearOf(asOf, 'current'), word: '本年度' },
  ];
  const boundsOf = (key: string): FigureBounds => (key === 'patents' ? PATENTS_BOUNDS : INDICATOR_BOUNDS[key.split('.')[1] as YearlyField]);
  const anyRefused = (all: Record<string, string>) => Object.entries(all).some(([key, text]) => readFigure(text, boundsOf(key)).problem !== undefined);

  /** What the field shows, and why it is refused: the draft while refused or still meaning `value`, else `value`. */
  function fieldOf(key: string, value: number | null | undefined) {
    const draft = drafts[key];
    if (draft === undefined) return { text: shown(value) };
    const reading = readFigure(draft, boundsOf(key));
    if (reading.problem !== undefined) return { text: draft, problem: reading.problem };
    return reading.value === (value ?? null) ? { text: draft } : { text: shown(value) };
  }

  function type(key: string, text: string, apply: (value: number | null) => EnterpriseFacts) {
    const next = { ...drafts, [key]: text };
    setDrafts(next);
    onInvalid?.(anyRefused(next));
    const reading = readFigure(text, boundsOf(key));
    if (reading.problem === undefined) onChange(apply(reading.value));
  }

  function reset() {
    setDrafts({});
    onInvalid?.(false);
    onReset();
  }

  const refused = anyRefused(drafts);
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
        <Button size="small" disabled={!changed && !refused} onClick={reset}>
          恢复企业数据
        </Button>
      }
    >
      <p className="calc-hint">修改下列指标，测算结果即时变化。</p>
      {refused && <Alert type="error" showIcon title="有指标填写有误，改正前测算结果不含该项修改" style={{ marginTop: 8 }} />}
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
                const key = `${year}.${f}`;
                return (
                  <Col xs={12} md={8} key={f}>
                    <Figure name={`${word}${b.label}`} caption={`${word}${b.label}（${b.unit}）`} {...fieldOf(key, row?.[f])} onText={(t) => type(key, t, (v) => setYearly(facts, year, f, v))} />
                  </Col>
                );
              })}
            </Row>
          </div>
        );
      })}
      <Row gutter={12} style={{ marginTop: 8 }}>
        <Col xs={12} md={8}>
          <Figure name="有效发明专利" caption="有效发明专利（件）" {...fieldOf('patents', facts.patents)} onText={(t) => type('patents', t, (v) => ({ ...facts, patents: v }))} />
        </Col>
      </Row>
    </Card>
  );
}
