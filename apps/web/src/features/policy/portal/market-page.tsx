import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Radio, Space, Spin, Switch, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, type GuideSummary } from '@hqt/contract/policy';
import { http } from '@/shared/api/http';
import { fetchAllPages } from '@/shared/lists/fetch-all-pages';
import { useKeywordBox, useListParams } from '@/shared/lists/use-list-params';
import { DictSelect } from '../ui/dict-select';
import { GuideCard } from '../ui/guide-card';
import { usePageTitle } from '@/shared/lib/page-title';
import { Paginator } from '@/shared/ui/paginator';
import { guideQueries } from '../api/guide-queries';
import { PolicyDocsView } from './docs-view';
import { GUIDE_EXPORT_COLUMNS } from './guide-export-columns';
import { FILTERS, MARKET_LIST, marketView, type MarketView } from './market-prefetch';
import './market.css';

// The export/print dialog and its Excel writer, and a guide's drawer, load only when asked for.
const ExportPrintDialog = lazy(() => import('@/shared/ui/export-print-dialog'));
const GuideDetailDrawer = lazy(() => import('../ui/guide-detail-drawer').then((m) => ({ default: m.GuideDetailDrawer })));

/** The opened guide is part of the address: it can be shared, and it has a tag of its own. */
function useOpenGuide(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('guide')) || null;
  const { data } = useQuery({ ...guideQueries.detail(id ?? 0), enabled: id !== null });
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

/**
 * Which list the market shows (?view=docs: the 政策文件), and a switch to the other one that keeps
 * the keyword and leaves the other list's filters behind.
 */
function useMarketView(): [MarketView, (next: MarketView) => void] {
  const [params, setParams] = useSearchParams();
  const show = (next: MarketView) =>
    setParams((p) => {
      const out = new URLSearchParams();
      if (next === 'docs') out.set('view', 'docs');
      const keyword = p.get('keyword');
      if (keyword) out.set('keyword', keyword);
      return out;
    });
  return [marketView(params), show];
}

export default function PolicyMarketPage() {
  const [view, setView] = useMarketView();
  const [filters, update] = useListParams(MARKET_LIST);
  const [keyword, setKeyword] = useKeywordBox(filters.keyword);
  const [openId, setOpenId] = useOpenGuide();
  const [exporting, setExporting] = useState(false);
  // The drawer's code loads with the first guide opened, then stays for its closing animation.
  const [drawerWanted, setDrawerWanted] = useState(openId !== null);
  if (openId !== null && !drawerWanted) setDrawerWanted(true);
  const { data, isFetching } = useQuery({ ...guideQueries.list(filters), enabled: view === 'guides' });

  return (
    <Card title="政策超市" extra={view === 'guides' && <Button onClick={() => setExporting(true)}>导出 / 打印</Button>}>
      <Tabs
        activeKey={view}
        onChange={(key) => setView(key as MarketView)}
        items={[
          { key: 'guides', label: '申报指南' },
          { key: 'docs', label: '政策文件' },
        ]}
      />
      {view === 'docs' ? (
        <PolicyDocsView />
      ) : (
        <>
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
              <Paginator total={data.total} totalCapped={data.totalCapped} currentPage={data.currentPage} pageSize={data.pageSize} onChange={(page, size) => update({ currentPage: size === filters.pageSize ? page : 1, pageSize: size })} />
            )}
          </Spin>
        </>
      )}
      {drawerWanted && (
        <Suspense fallback={null}>
          <GuideDetailDrawer id={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
      {exporting && (
        <Suspense fallback={null}>
          <ExportPrintDialog
            open
            onClose={() => setExporting(false)}
            columns={GUIDE_EXPORT_COLUMNS}
            title="申报指南"
            fetchRows={() => fetchAllPages((currentPage, pageSize) => http.post<PageOf<GuideSummary>>(POLICY_PATHS.guidePage, { ...filters, currentPage, pageSize }))}
          />
        </Suspense>
      )}
    </Card>
  );
}
