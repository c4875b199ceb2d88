// The enterprise's visits by tab (queryappointmentpage's filter; 走访纪要 is querysummarypage), each a
// card: subject, status, type, method, time, place and who comes. The tab and page are in the address.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, List, Spin, Tabs, Typography } from 'antd';
import { VISIT_PORTAL_FILTERS, type VisitItem } from '@hqt/contract/visit';
import { useListParams } from '@/shared/lists/use-list-params';
import { Paginator } from '@/shared/ui/paginator';
import { visitQueries } from '../api/visit-api';
import { originLabel, timeSpan, VisitStatusTag } from '../ui/visit-status';

type Filter = keyof typeof VISIT_PORTAL_FILTERS;
const FILTERS = Object.keys(VISIT_PORTAL_FILTERS) as Filter[];
const TABS = [...FILTERS.map((key) => ({ key, label: VISIT_PORTAL_FILTERS[key] })), { key: 'summaries', label: '走访纪要' }];
const EMPTY: Record<string, string> = { upcoming: '近期没有已确认的走访', toConfirm: '没有待确认的走访', history: '还没有历史走访', toAppraise: '没有待评价的走访纪要', summaries: '还没有走访纪要' };

// Spec §2 §9: lists start at DEFAULT_PAGE_SIZE (20) rows.
export const VISIT_LIST = { filters: { tab: 'string' } } as const;

function VisitCard({ visit, onOpen }: { visit: VisitItem; onOpen: (id: number) => void }) {
  return (
    <List.Item className="visit-card" onClick={() => onOpen(visit.id)}>
      <div className="visit-card-head">
        <button
          type="button"
          className="link-button visit-title"
          onClick={(e) => {
            e.stopPropagation();
            onOpen(visit.id);
          }}
        >
          {visit.subject}
        </button>
        <VisitStatusTag status={visit.status} />
      </div>
      <Typography.Text type="secondary" className="visit-card-meta">
        {[visit.number, visit.typeName, visit.methodName, originLabel(visit.origin)].filter(Boolean).join(' · ')}
      </Typography.Text>
      <div className="visit-card-meta">走访时间：{timeSpan(visit.startsAt, visit.endsAt)}</div>
      {visit.place && <div className="visit-card-meta">走访地点：{visit.place}</div>}
      <div className="visit-card-meta">
        {visit.enterpriseName}
        {visit.leadName && ` · 带队：${visit.leadName}`}
      </div>
    </List.Item>
  );
}

export function VisitList({ onOpen }: { onOpen: (id: number) => void }) {
  const [params, update] = useListParams(VISIT_LIST);
  const tab = TABS.some((t) => t.key === params.tab) ? (params.tab as string) : 'upcoming';
  const paging = { currentPage: params.currentPage, pageSize: params.pageSize };
  const query = tab === 'summaries' ? visitQueries.summaries(paging) : visitQueries.page({ ...paging, filter: tab as Filter });
  const { data, isFetching } = useQuery({ ...query, placeholderData: keepPreviousData });
  return (
    <>
      <Tabs activeKey={tab} onChange={(key) => update({ tab: key === 'upcoming' ? undefined : key })} items={TABS} />
      <Spin spinning={isFetching && !data}>
        {data && data.list.length === 0 ? (
          <Empty description={EMPTY[tab]} />
        ) : (
          <List className="visit-cards" dataSource={data?.list ?? []} rowKey="id" renderItem={(v) => <VisitCard visit={v} onOpen={onOpen} />} />
        )}
        {data && data.total > 0 && (
          <Paginator total={data.total} totalCapped={data.totalCapped} currentPage={data.currentPage} pageSize={data.pageSize} onChange={(page, size) => update({ currentPage: size === params.pageSize ? page : 1, pageSize: size })} />
        )}
      </Spin>
    </>
  );
}
