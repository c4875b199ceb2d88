// One enterprise's evaluation: totals, the chart by support type, 差一项, what-if, every guide with
// its conditions, save, and the 测算报告 (print / export).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Collapse, Empty, Input, List, Row, Segmented, Select, Skeleton, Space, Switch, Tag } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { factsOf, REPORT_DISCLAIMER, type Enterprise } from '@hqt/contract/calculator';
import { guidePortalLink } from '@hqt/contract/policy-links';
import {
  assess,
  byRelevance,
  evaluateGuide,
  VERDICT_LABELS,
  windowOf,
  type Assessment,
  type ConditionResult,
  type EnterpriseFacts,
  type GuideResult,
  type LabelOf,
  type RuleGuide,
} from '@hqt/contract/calculator-engine';
import { useDictionaries } from '@/shared/api/dictionaries';
import { usePlatformInfo } from '@/shared/api/platform';
import type { ExportColumn } from '@/shared/lib/export-format';
import { useWrite } from '@/shared/lists/use-write';
import { toast } from '@/shared/ui/feedback';
import { calculatorQueries, saveEvaluation } from '../../api/calculator-api';
import { HistoryPanel } from './history-panel';
import { WhatIfPanel } from './what-if-panel';

const AmountChart = lazy(() => import('./amount-chart'));
import { TotalsCards } from './totals-cards';
const ExportPrintDialog = lazy(() => import('@/shared/ui/export-print-dialog'));

type Filter = 'all' | GuideResult['verdict'] | 'nearMiss';
const VERDICT_COLORS = { eligible: 'success', missing: 'warning', ineligible: 'default' } as const;
const STATUS_MARKS: Record<ConditionResult['status'], { mark: string; className: string }> = {
  met: { mark: '✓', className: 'calc-cond-met' },
  unmet: { mark: '✗', className: 'calc-cond-unmet' },
  missing: { mark: '?', className: 'calc-cond-missing' },
};
/** The most valuable 差一项 are listed beside the chart; the list below filters them all. */
const NEAR_MISSES_LISTED = 20;
const wan = (n: number | null) => (n === null ? '—' : `${n} 万元`);
const amountOf = (r: GuideResult) => (r.amountText === '非资金类支持' ? '非资金类支持' : wan(r.amount));

const REPORT_COLUMNS: ExportColumn[] = [
  { key: 'title', field: 'title', title: '申报指南', displayName: '申报指南' },
  { key: 'verdict', field: 'verdict', title: '测算结果', displayName: '测算结果' },
  { key: 'explanation', field: 'explanation', title: '条件说明', displayName: '条件说明' },
  { key: 'amount', field: 'amount', title: '预计金额（万元）', displayName: '预计金额（万元）' },
  { key: 'amountText', field: 'amountText', title: '金额测算', displayName: '金额测算' },
  { key: 'supportType', field: 'supportType', title: '扶持方式', displayName: '扶持方式' },
  { key: 'mode', field: 'mode', title: '申报方式', displayName: '申报方式' },
];

function Conditions({ result }: { result: GuideResult }) {
  if (!result.groups.length) return <p>面向所有企业，不设申报条件。</p>;
  return (
    <>
      {result.groups.map((group, g) => (
        <div key={g} className="calc-group">
          {result.groups.length > 1 && <div className="calc-group-title">{g === 0 ? '满足以下全部条件' : '或 满足以下全部条件'}</div>}
          <ul>
            {group.map((c, i) => (
              <li key={i} className={STATUS_MARKS[c.status].className}>
                <span aria-hidden>{STATUS_MARKS[c.status].mark}</span> {c.text}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/**
 * The whole evaluation runs here, in the browser, on the server's rules: every guide's
 * verdict and amount without words (fast even with thousands of guides), and the words only for the
 * results on screen or in the report. What-if is the same call on changed facts.
 */
export function ResultsView({ enterprise, onEditProfile }: { enterprise: Enterprise; onEditProfile: () => void }) {
  const [includeUpcoming, setIncludeUpcoming] = useState(false);
  const { data: book } = useQuery(calculatorQueries.rulebook());
  const [whatIf, setWhatIf] = useState<EnterpriseFacts | null>(null);
  /** A what-if figure is refused ('−5', 'abc'): the results leave it out, and nothing is saved until it is fixed. */
  const [whatIfRefused, setWhatIfRefused] = useState(false);
  const [filter, setFilter] = useState<Filter>('all');
  const [supportType, setSupportType] = useState<string>();
  const [mode, setMode] = useState<string>();
  const [keyword, setKeyword] = useState('');
  const [reporting, setReporting] = useState(false);
  const dicts = useDictionaries(['supportType', 'guideMode', 'scale', 'industry', 'region', 'qualification']);
  const platform = usePlatformInfo();
  const save = useWrite(saveEvaluation, [calculatorQueries.all()]);

  const facts = useMemo(() => whatIf ?? factsOf(enterprise), [whatIf, enterprise]);
  // The browser's clock decides what is open now; a saved snapshot is evaluated on the server's.
  const at = useMemo(() => (book ? new Date() : null), [book]);
  const guides = useMemo(
    () =>
      book && at
        ? book.guides.filter((g) => {
            const w = windowOf(g, at);
            return w === 'open' || (includeUpcoming && w === 'upcoming');
          })
        : [],
    [book, at, includeUpcoming],
  );
  const assessed = useMemo(() => (at ? assess(facts, guides, at) : null), [facts, guides, at]);
  const guideById = useMemo(() => new Map<number, RuleGuide>(guides.map((g) => [g.id, g])), [guides]);

  if (!book || !at || !assessed) return <Skeleton active />;
  const { totals } = assessed;
  const explain = (r: Assessment) => evaluateGuide(guideById.get(r.guideId)!, facts, at, dicts.labelOf as LabelOf);
  const shown = assessed.results
    .filter((r) => {
      const g = guideById.get(r.guideId)!;
      if (supportType && g.supportType !== supportType) return false;
      if (mode && g.mode !== mode) return false;
      if (keyword.trim() && !g.title.includes(keyword.trim())) return false;
      return filter === 'all' || (filter === 'nearMiss' ? r.nearMiss : r.verdict === filter);
    })
    .sort(byRelevance);
  const nearMisses = assessed.results.filter((r) => r.nearMiss).sort(byRelevance);
  const chartData = totals.bySupportType.filter((t) => t.amount > 0).map((t) => ({ label: dicts.labelOf('supportType', t.supportType), amount: t.amount }));

  const onSave = async () => {
    await save.mutateAsync({ enterpriseId: enterprise.id, includeUpcoming, ...(whatIf ? { facts: whatIf } : {}) });
    void toast.success(whatIf ? '测算结果已保存（含假设数据）' : '测算结果已保存');
  };
  const reportRows = () =>
    shown.map((a) => {
      const r = explain(a);
      const g = guideById.get(r.guideId)!;
      return {
        title: g.title,
        verdict: `${VERDICT_LABELS[r.verdict]}${r.noApplication ? '（免申即享）' : ''}`,
        explanation: r.groups.length ? r.groups.map((group) => group.map((c) => c.text).join('；')).join(' 或 ') : '面向所有企业',
        amount: r.verdict === 'eligible' ? (r.amount ?? '') : '',
        amountText: r.amountText,
        supportType: dicts.labelOf('supportType', g.supportType),
        mode: dicts.labelOf('guideMode', g.mode),
      };
    });

  return (
    <div className="calc-results">
      <TotalsCards totals={totals} />

      <Space wrap className="calc-actions">
        <Button type="primary" loading={save.isPending} disabled={whatIfRefused} onClick={() => void onSave().catch(() => {})}>
          保存测算
        </Button>
        <Button onClick={() => setReporting(true)}>打印 / 导出测算报告</Button>
        <Button onClick={onEditProfile}>修改企业信息</Button>
        <label>
          <Switch size="small" checked={includeUpcoming} onChange={setIncludeUpcoming} /> 包含即将开始申报的指南
        </label>
      </Space>
      {whatIfRefused && <Alert type="error" showIcon title="假设测算中有指标填写有误，请先改正；改正前测算结果不含该项修改，也不能保存测算。" style={{ marginBottom: 16 }} />}
      {whatIf && <Alert type="warning" showIcon title="当前为假设测算结果，企业信息未改变。保存测算将同时记录所用的假设数据。" style={{ marginBottom: 16 }} />}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title="按扶持方式的预计金额">
            {chartData.length ? (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
                <AmountChart data={chartData} />
              </Suspense>
            ) : (
              <Empty description="暂无可估算金额的指南" />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={`差一项（${nearMisses.length}）`} className="calc-near">
            {nearMisses.length ? (
              <List
                size="small"
                dataSource={nearMisses.slice(0, NEAR_MISSES_LISTED)}
                style={{ maxHeight: 360, overflowY: 'auto' }}
                renderItem={(a) => (
                  <List.Item>
                    <div>
                      <strong>{guideById.get(a.guideId)!.title}</strong>
                      <div className="calc-cond-unmet">还差：{explain(a).nearMiss!.text}</div>
                    </div>
                  </List.Item>
                )}
                footer={
                  <a href="#what-if" onClick={(e) => (e.preventDefault(), document.getElementById('what-if')?.scrollIntoView({ behavior: 'smooth' }))}>
                    在“假设测算”中调整指标 →
                  </a>
                }
              />
            ) : (
              <Empty description="没有只差一项的指南" />
            )}
          </Card>
        </Col>
      </Row>

      <Card
        size="small"
        title={`测算结果（${shown.length} 项）`}
        className="calc-list"
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <Input allowClear placeholder="指南名称" aria-label="指南名称" value={keyword} onChange={(e) => setKeyword(e.target.value)} style={{ width: 180 }} />
          <Select allowClear placeholder="扶持方式" aria-label="扶持方式" value={supportType} onChange={setSupportType} options={dicts.options('supportType')} style={{ minWidth: 130 }} />
          <Select allowClear placeholder="申报方式" aria-label="申报方式" value={mode} onChange={setMode} options={dicts.options('guideMode')} style={{ minWidth: 130 }} />
        </Space>
        <Segmented<Filter>
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'all', label: `全部 ${totals.guides}` },
            { value: 'eligible', label: `符合 ${totals.eligible}` },
            { value: 'missing', label: `缺少数据 ${totals.missing}` },
            { value: 'ineligible', label: `不符合 ${totals.ineligible}` },
            { value: 'nearMiss', label: `差一项 ${totals.nearMiss}` },
          ]}
          style={{ marginBottom: 12, maxWidth: '100%', overflowX: 'auto' }}
        />
        <List
          dataSource={shown}
          pagination={shown.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          locale={{ emptyText: <Empty description="没有符合筛选条件的指南" /> }}
          renderItem={(a) => {
            // Rendered a page at a time: the words are made for the results on screen only.
            const r = explain(a);
            const g = guideById.get(r.guideId)!;
            return (
              <List.Item className="calc-guide" data-verdict={r.verdict}>
                <Collapse
                  ghost
                  style={{ width: '100%' }}
                  items={[
                    {
                      key: r.guideId,
                      label: (
                        <div className="calc-guide-head">
                          <span className="calc-guide-title">{g.title}</span>
                          <Space size={4} wrap>
                            <Tag color={VERDICT_COLORS[r.verdict]}>{VERDICT_LABELS[r.verdict]}</Tag>
                            {r.noApplication && <Tag color="blue">免申即享 · 无需申报</Tag>}
                            {r.nearMiss && <Tag color="orange">差一项</Tag>}
                            {r.window === 'upcoming' && <Tag>即将开始</Tag>}
                            <span className="calc-amount">{r.verdict === 'eligible' ? amountOf(r) : ''}</span>
                          </Space>
                        </div>
                      ),
                      children: (
                        <>
                          <Conditions result={r} />
                          <p>
                            预计金额：{amountOf(r)}
                            {r.amountText !== amountOf(r) && `（${r.amountText}）`}
                          </p>
                          <Space size={4} wrap>
                            <Tag>{dicts.labelOf('supportType', g.supportType)}</Tag>
                            <Tag>{dicts.labelOf('guideMode', g.mode)}</Tag>
                            <Link to={guidePortalLink(g.id)}>查看申报指南</Link>
                          </Space>
                        </>
                      ),
                    },
                  ]}
                />
              </List.Item>
            );
          }}
        />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <WhatIfPanel asOf={assessed.asOf} facts={facts} changed={whatIf !== null} onChange={setWhatIf} onReset={() => setWhatIf(null)} onInvalid={setWhatIfRefused} />
        </Col>
        <Col xs={24} lg={10}>
          <HistoryPanel enterprise={enterprise} />
        </Col>
      </Row>

      {reporting && (
        <Suspense fallback={null}>
          <ExportPrintDialog
            open
            onClose={() => setReporting(false)}
            title="政策测算报告"
            columns={REPORT_COLUMNS}
            fileName={`测算报告-${enterprise.name}-${assessed.asOf}`}
            heading={[
              platform?.bureau.name ?? '',
              `企业：${enterprise.name}（统一社会信用代码 ${enterprise.creditCode}）`,
              `测算日期：${assessed.asOf}${whatIf ? '（含假设数据）' : ''}`,
              `共测算 ${totals.guides} 项申报指南，符合 ${totals.eligible} 项，预计可享扶持 ${totals.amount} 万元`,
            ].filter(Boolean)}
            footnote={REPORT_DISCLAIMER}
            fetchRows={() => Promise.resolve({ rows: reportRows(), total: shown.length })}
          />
        </Suspense>
      )}
    </div>
  );
}
