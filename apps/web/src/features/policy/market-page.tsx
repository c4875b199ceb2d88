import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Radio, Select, Space, Spin, Switch } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, EXPORT_MAX_ROWS, MAX_PAGE_SIZE } from '@hqt/contract/constants';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, type DictType, type GuidePageQuery, type GuideSummary } from '@hqt/contract/policy';
import { http } from '@/shared/api/http';
import { GuideCard } from '@/shared/ui/guide-card';
import { usePageTitle } from '@/shared/lib/page-title';
import { GuideDetailDrawer, guideDetailQuery } from '@/shared/ui/guide-detail-drawer';
import { Paginator } from '@/shared/ui/paginator';
import { guideQueries } from './api/guide-queries';
import { GUIDE_EXPORT_COLUMNS } from './guide-export-columns';
import './policy-market.css';

// The export/print dialog and its Excel writer load only when asked for.
const ExportPrintDialog = lazy(() => import('@/shared/ui/export-print-dialog'));

const FILTERS: { key: keyof GuidePageQuery; dict: DictType; placeholder: string }[] = [
  { key: 'level', dict: 'policyLevel', placeholder: '政策层级' },
  { key: 'department', dict: 'department', placeholder: '发文部门' },
  { key: 'supportType', dict: 'supportType', placeholder: '扶持方式' },
  { key: 'mode', dict: 'guideMode', placeholder: '申报方式' },
  { key: 'industry', dict: 'industry', placeholder: '所属行业' },
];

function DictSelect({ dict, placeholder, value, onChange }: { dict: DictType; placeholder: string; value?: string; onChange: (v?: string) => void }) {
  const { data = [] } = useQuery(guideQueries.dictionary(dict));
  return (
    <Select
      allowClear
      placeholder={placeholder}
      aria-label={placeholder}
      value={value}
      onChange={onChange}
      options={data.map((d) => ({ value: d.code, label: d.label }))}
      style={{ minWidth: 140 }}
      popupMatchSelectWidth={false}
    />
  );
}

/** Filters live in the address, so a search can be bookmarked, shared and reloaded. */
function useFilters(): [GuidePageQuery, (patch: Partial<GuidePageQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const filters: GuidePageQuery = {
    currentPage: Number(params.get('page') ?? 1) || 1,
    pageSize: Number(params.get('size') ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE,
    keyword: params.get('keyword') ?? undefined,
    level: params.get('level') ?? undefined,
    department: params.get('department') ?? undefined,
    supportType: params.get('supportType') ?? undefined,
    mode: params.get('mode') ?? undefined,
    industry: params.get('industry') ?? undefined,
    openNow: params.get('openNow') === '1' || undefined,
    sort: (params.get('sort') as GuidePageQuery['sort']) ?? undefined,
  };
  const update = (patch: Partial<GuidePageQuery>) => {
    const next = { ...filters, currentPage: 1, ...patch };
    const out = new URLSearchParams();
    if (next.currentPage > 1) out.set('page', String(next.currentPage));
    if (next.pageSize !== DEFAULT_PAGE_SIZE) out.set('size', String(next.pageSize));
    for (const key of ['keyword', 'level', 'department', 'supportType', 'mode', 'industry', 'sort'] as const) if (next[key]) out.set(key, String(next[key]));
    if (next.openNow) out.set('openNow', '1');
    setParams(out);
  };
  return [filters, update];
}

/** The opened guide is part of the address: it can be shared, and it has a tag of its own. */
function useOpenGuide(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('guide')) || null;
  const { data } = useQuery({ ...guideDetailQuery(id ?? 0), enabled: id !== null });
  usePageTitle(id !== null ? data?.title : undefined);
  const open = (next: number | null) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (next === null) out.delete('guide');
      else out.set('guide', String(next));
      return out;
    });
  return [id, open];
}

export default function PolicyMarketPage() {
  const [filters, update] = useFilters();
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const [openId, setOpenId] = useOpenGuide();
  const [exporting, setExporting] = useState(false);
  const { data, isFetching } = useQuery(guideQueries.list(filters));

  return (
    <Card title="政策超市" extra={<Button onClick={() => setExporting(true)}>导出 / 打印</Button>}>
      <Input.Search
        placeholder="搜索政策、指南，如：研发、专精特新、贷款贴息"
        aria-label="关键词"
        enterButton="搜索"
        allowClear
        maxLength={50}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => update({ keyword: v.trim() || undefined })}
        size="large"
      />
      <Space wrap className="market-filters">
        {FILTERS.map((f) => (
          <DictSelect key={f.key} dict={f.dict} placeholder={f.placeholder} value={filters[f.key] as string | undefined} onChange={(v) => update({ [f.key]: v })} />
        ))}
        <label className="open-now">
          <Switch size="small" checked={Boolean(filters.openNow)} onChange={(v) => update({ openNow: v || undefined })} aria-label="仅看申报中" /> 仅看申报中
        </label>
        <Radio.Group
          value={filters.sort ?? 'relevance'}
          onChange={(e) => update({ sort: e.target.value === 'relevance' ? undefined : e.target.value })}
          optionType="button"
          size="small"
          options={[
            { value: 'relevance', label: '综合' },
            { value: 'date', label: '最新' },
            { value: 'popular', label: '最热' },
          ]}
        />
      </Space>
      <Spin spinning={isFetching && !data}>
        {data && data.list.length === 0 ? (
          <Empty description="没有找到符合条件的政策指南" />
        ) : (
          <div className="guide-list">
            {data?.list.map((g) => <GuideCard key={g.id} guide={g} onOpen={setOpenId} />)}
          </div>
        )}
        {data && data.total > 0 && (
          <Paginator total={data.total} currentPage={data.currentPage} pageSize={data.pageSize} onChange={(page, size) => update({ currentPage: size === filters.pageSize ? page : 1, pageSize: size })} />
        )}
      </Spin>
      <GuideDetailDrawer id={openId} onClose={() => setOpenId(null)} />
      {exporting && (
        <Suspense fallback={null}>
          <ExportPrintDialog open onClose={() => setExporting(false)} columns={GUIDE_EXPORT_COLUMNS} title="申报指南" fetchRows={() => fetchAllRows(filters)} />
        </Suspense>
      )}
    </Card>
  );
}

/** Every row the current filters match, for export and print; past 10,000 the dialog refuses, so none are fetched. */
async function fetchAllRows(filters: GuidePageQuery) {
  const ask = (currentPage: number) => http.post<PageOf<GuideSummary>>(POLICY_PATHS.guidePage, { ...filters, currentPage, pageSize: MAX_PAGE_SIZE });
  const first = await ask(1);
  if (first.total > EXPORT_MAX_ROWS) return { rows: [], total: first.total };
  const rest = await Promise.all(Array.from({ length: Math.ceil(first.total / MAX_PAGE_SIZE) - 1 }, (_, i) => ask(i + 2)));
  return { rows: [first, ...rest].flatMap((p) => p.list), total: first.total };
}
