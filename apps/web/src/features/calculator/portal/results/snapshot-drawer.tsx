// One saved evaluation, read-only as it was: the facts used, every guide's verdict and amount with
// the rules' version, what changed since the one before and what differs today, and its own 测算报告.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Drawer, Input, Skeleton, Space, Table, Tag } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { factsOf, REPORT_DISCLAIMER, type Enterprise, type EvaluationSnapshot } from '@hqt/contract/calculator';
import { byRelevance, VERDICT_LABELS, YEARLY_FIELDS, type RuleGuide } from '@hqt/contract/calculator-engine';
import { INDICATOR_BOUNDS } from '@hqt/contract/calculator';
import { useDictionaries, type DictionaryLookup } from '@/shared/api/dictionaries';
import { usePlatformInfo } from '@/shared/api/platform';
import type { ExportColumn } from '@/shared/lib/export-format';
import { useIsMobile } from '@/shared/lib/use-is-mobile';
import { calculatorQueries } from '../../api/calculator-api';
import { changesText, factsDiff, rulesDiff } from './changes-text';

import { TotalsCards } from './totals-cards';
const ExportPrintDialog = lazy(() => import('@/shared/ui/export-print-dialog'));

const VERDICT_COLORS = { eligible: 'success', missing: 'warning', ineligible: 'default' } as const;
const REPORT_COLUMNS: ExportColumn[] = [
  { key: 'title', field: 'title', title: '申报指南', displayName: '申报指南' },
  { key: 'verdict', field: 'verdict', title: '测算结果', displayName: '测算结果' },
  { key: 'amount', field: 'amount', title: '预计金额（万元）', displayName: '预计金额（万元）' },
  { key: 'supportType', field: 'supportType', title: '扶持方式', displayName: '扶持方式' },
  { key: 'mode', field: 'mode', title: '申报方式', displayName: '申报方式' },
  { key: 'version', field: 'version', title: '规则版本', displayName: '规则版本' },
];

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** The snapshot's rows, most valuable first: what a person reads and what the report holds. */
function rowsOf(s: EvaluationSnapshot, dicts: DictionaryLookup) {
  const guides = new Map(s.guides.map((g) => [g.id, g]));
  return [...s.evaluation.results].sort(byRelevance).map((r) => {
    const g = guides.get(r.guideId)!;
    return {
      key: r.guideId,
      title: g.title,
      verdict: `${VERDICT_LABELS[r.verdict]}${r.nearMiss ? '（差一项）' : ''}${r.noApplication ? '（免申即享）' : ''}`,
      verdictCode: r.verdict,
      amount: r.verdict === 'eligible' ? (r.amount ?? '') : '',
      supportType: dicts.labelOf('supportType', g.supportType),
      mode: dicts.labelOf('guideMode', g.mode),
      version: when(g.version),
    };
  });
}

function FactsThen({ s, dicts }: { s: EvaluationSnapshot; dicts: DictionaryLookup }) {
  const f = s.facts;
  const or = (v: string | number | null | undefined, unit = '') => (v === null || v === undefined || v === '' ? '未填写' : `${v}${unit}`);
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label="成立日期">{or(f.foundedOn)}</Descriptions.Item>
      <Descriptions.Item label="所属行业">{f.industry ? dicts.labelOf('industry', f.industry) : '未填写'}</Descriptions.Item>
      <Descriptions.Item label="企业规模">{f.scale ? dicts.labelOf('scale', f.scale) : '未填写'}</Descriptions.Item>
      <Descriptions.Item label="所在乡镇（街道）">{f.region ? dicts.labelOf('region', f.region) : '未填写'}</Descriptions.Item>
      <Descriptions.Item label="注册资本">{or(f.registeredCapital, ' 万元')}</Descriptions.Item>
      <Descriptions.Item label="有效发明专利">{or(f.patents, ' 件')}</Descriptions.Item>
      <Descriptions.Item label="企业资质" span={2}>
        {f.qualifications.length
          ? f.qualifications.map((q) => `${dicts.labelOf('qualification', q.code)}${q.validUntil ? `（有效期至 ${q.validUntil}）` : ''}`).join('、')
          : '无'}
      </Descriptions.Item>
      {[...f.indicators]
        .sort((a, b) => a.year - b.year)
        .map((row) => (
          <Descriptions.Item key={row.year} label={`${row.year}年度`} span={2}>
            {YEARLY_FIELDS.map((k) => `${INDICATOR_BOUNDS[k].label} ${or(row[k], ` ${INDICATOR_BOUNDS[k].unit}`)}`).join('；')}
          </Descriptions.Item>
        ))}
    </Descriptions>
  );
}

function SinceThen({ s, enterprise, book }: { s: EvaluationSnapshot; enterprise: Enterprise; book: readonly RuleGuide[] | undefined }) {
  const facts = factsDiff(s.facts, factsOf(enterprise));
  const rules = book ? rulesDiff(s.guides, book, new Date()) : null;
  const list = (titles: string[]) => (titles.length > 5 ? `${titles.slice(0, 5).join('、')} 等 ${titles.length} 项` : titles.join('、'));
  const ruleParts = rules
    ? [
        rules.changed.length ? `规则已修改：${list(rules.changed)}` : '',
        rules.gone.length ? `已截止或撤回：${list(rules.gone)}` : '',
        rules.added.length ? `新开放：${list(rules.added)}` : '',
      ].filter(Boolean)
    : [];
  return (
    <Descriptions size="small" bordered column={1} styles={{ label: { width: 120 } }}>
      <Descriptions.Item label={s.whatIf ? '与实际数据的测算相比' : '与上次测算相比'}>{changesText(s.changes)}</Descriptions.Item>
      <Descriptions.Item label="今天的企业信息">
        {s.whatIf ? '本次测算使用了假设数据；' : ''}
        {facts.length ? `与本次测算所用不同：${list(facts)}` : '与本次测算所用相同'}
      </Descriptions.Item>
      <Descriptions.Item label="今天的申报指南">{!rules ? '读取中…' : ruleParts.length ? ruleParts.join('；') : '规则与本次测算所用相同'}</Descriptions.Item>
    </Descriptions>
  );
}

export function SnapshotDrawer({ id, enterprise, onClose }: { id: number | null; enterprise: Enterprise; onClose: () => void }) {
  const isMobile = useIsMobile();
  const { data: s } = useQuery({ ...calculatorQueries.snapshot(id ?? 0), enabled: id !== null });
  const { data: book } = useQuery(calculatorQueries.rulebook());
  const dicts = useDictionaries(['supportType', 'guideMode', 'scale', 'industry', 'region', 'qualification']);
  const platform = usePlatformInfo();
  const [reporting, setReporting] = useState(false);
  const [keyword, setKeyword] = useState('');
  const rows = useMemo(() => (s ? rowsOf(s, dicts) : []), [s, dicts]);
  const shown = keyword.trim() ? rows.filter((r) => r.title.includes(keyword.trim())) : rows;
  const totals = s?.evaluation.totals;

  return (
    <Drawer open={id !== null} onClose={onClose} size={isMobile ? '100%' : 860} title={s ? `测算快照：${s.enterpriseName} · ${when(s.evaluatedAt)}` : '测算快照'} destroyOnHidden>
      {!s || !totals ? (
        <Skeleton active />
      ) : (
        <div className="calc-snapshot">
          <Alert type="info" showIcon title={`保存于 ${when(s.evaluatedAt)} 的测算结果，按当时的企业信息和申报指南规则，不随今天的变化而改变。`} />
          <Space wrap className="calc-actions">
            {s.whatIf && <Tag color="orange">含假设数据</Tag>}
            <Button onClick={() => setReporting(true)}>打印 / 导出测算报告</Button>
          </Space>
          <TotalsCards totals={totals} />
          <Card size="small" title="变化">
            <SinceThen s={s} enterprise={enterprise} book={book?.guides} />
          </Card>
          <Card size="small" title={`测算所用企业信息（测算日期 ${s.evaluation.asOf}）`}>
            <FactsThen s={s} dicts={dicts} />
          </Card>
          <Card size="small" title={`各项指南的测算结果（${rows.length} 项）`}>
            <Input allowClear placeholder="指南名称" aria-label="快照中的指南名称" value={keyword} onChange={(e) => setKeyword(e.target.value)} style={{ width: 200, marginBottom: 12 }} />
            <Table
              size="small"
              rowKey="key"
              dataSource={shown}
              pagination={shown.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
              scroll={{ x: 640 }}
              columns={[
                { title: '申报指南', dataIndex: 'title' },
                { title: '测算结果', dataIndex: 'verdict', render: (v: string, r) => <Tag color={VERDICT_COLORS[r.verdictCode]}>{v}</Tag> },
                { title: '预计金额（万元）', dataIndex: 'amount' },
                { title: '扶持方式', dataIndex: 'supportType' },
                { title: '规则版本', dataIndex: 'version' },
              ]}
            />
          </Card>
        </div>
      )}
      {reporting && s && totals && (
        <Suspense fallback={null}>
          <ExportPrintDialog
            open
            onClose={() => setReporting(false)}
            title="政策测算报告"
            columns={REPORT_COLUMNS}
            fileName={`测算报告-${s.enterpriseName}-${s.evaluation.asOf}`}
            heading={[
              platform?.bureau.name ?? '',
              `企业：${s.enterpriseName}（统一社会信用代码 ${enterprise.creditCode}）`,
              `测算日期：${s.evaluation.asOf}（保存于 ${when(s.evaluatedAt)}）${s.whatIf ? '（含假设数据）' : ''}`,
              `共测算 ${totals.guides} 项申报指南，符合 ${totals.eligible} 项，预计可享扶持 ${totals.amount} 万元`,
            ].filter(Boolean)}
            footnote={REPORT_DISCLAIMER}
            fetchRows={() => Promise.resolve({ rows, total: rows.length })}
          />
        </Suspense>
      )}
    </Drawer>
  );
}
