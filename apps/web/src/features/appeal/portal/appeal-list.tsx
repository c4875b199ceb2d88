// An enterprise's appeals (getappeallist/{id}), newest first, filtered by status and filing day; a
// table on a wide screen, cards on a phone; each row's clock as the server counts it (剩余 N 个工作日
// / 已超期, or while 已提交 the 受理 deadline: 剩余 N 个工作日 / 待受理超时). The filters and page are in the address (shared/lists).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, List, Select, Space, Spin, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { APPEAL_FLOW, APPEAL_STATUS_LIST, DAY_PATTERN, type AppealItem, type AppealListQuery } from '@hqt/contract/appeal';
import { useListParams } from '@/shared/lists/use-list-params';
import { useIsMobile } from '@/shared/lib/use-is-mobile';
import { Paginator } from '@/shared/ui/paginator';
import { appealQueries } from '../api/appeal-api';
import { AppealDue, AppealStatusTag } from '../ui/appeal-status';

/** The list's address keys; 20 rows a page by default, as every list (DEFAULT_PAGE_SIZE, spec §2 §9). */
export const APPEAL_LIST = { filters: { status: 'string', from: 'string', to: 'string' } } as const;

const validDay = (v: string | undefined) => (v && new RegExp(DAY_PATTERN).test(v) && dayjs(v).isValid() ? v : undefined);
const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');


export function AppealList({ enterpriseId, onOpen }: { enterpriseId: number; onOpen: (id: number) => void }) {
  const isMobile = useIsMobile();
  const [filters, update] = useListParams(APPEAL_LIST);
  // An address's unknown status or malformed day is left out rather than refused by the server.
  const status = APPEAL_STATUS_LIST.find((s) => s === filters.status);
  const query: AppealListQuery = { currentPage: filters.currentPage, pageSize: filters.pageSize, status, from: validDay(filters.from), to: validDay(filters.to) };
  const { data, isFetching } = useQuery({ ...appealQueries.list(enterpriseId, query), placeholderData: keepPreviousData });
  const filtered = Boolean(filters.status || filters.from || filters.to);
  const title = (a: AppealItem) => (
    <button
      type="button"
      className="link-button appeal-title"
      onClick={(e) => {
        // on a phone the whole card opens it too: once, or Back would need two presses
        e.stopPropagation();
        onOpen(a.id);
      }}
    >
      {a.title}
    </button>
  );
  const source = (a: AppealItem) => a.visitNumber && <Typography.Text type="secondary" className="appeal-card-meta appeal-source">来源：企业走访 {a.visitNumber}</Typography.Text>;

  return (
    <>
      <Space wrap className="appeal-filters">
        <Select
          allowClear
          placeholder="办理状态"
          aria-label="办理状态"
          style={{ width: 140 }}
          value={status}
          onChange={(v?: string) => update({ status: v })}
          options={APPEAL_STATUS_LIST.map((s) => ({ value: s, label: APPEAL_FLOW.states[s] }))}
        />
        <DatePicker.RangePicker
          aria-label="提交时间"
          placeholder={['提交时间起', '提交时间止']}
          allowEmpty={[true, true]}
          inputReadOnly={isMobile}
          value={[query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null]}
          onChange={(range) => update({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
        />
        {filtered && <Button onClick={() => update({ status: undefined, from: undefined, to: undefined })}>清除筛选</Button>}
      </Space>
      <Spin spinning={isFetching && !data}>
        {data && data.list.length === 0 ? (
          <Empty description={filtered ? '没有符合条件的诉求' : '还没有提交过诉求'} />
        ) : isMobile ? (
          <List
            className="appeal-cards"
            dataSource={data?.list ?? []}
            rowKey="id"
            renderItem={(a) => (
              <List.Item className="appeal-card" onClick={() => onOpen(a.id)}>
                <div className="appeal-card-head">
                  {title(a)}
                  <AppealStatusTag status={a.status} />
                </div>
                <Typography.Text type="secondary" className="appeal-card-meta">
                  {a.number} · {a.categoryName} · {day(a.createdAt)} 提交
                </Typography.Text>
                {source(a)}
                <div className="appeal-card-meta">
                  办理期限：<AppealDue appeal={a} />
                </div>
              </List.Item>
            )}
          />
        ) : (
          <Table<AppealItem>
            rowKey="id"
            size="middle"
            pagination={false}
            dataSource={data?.list ?? []}
            columns={[
              { title: '诉求编号', dataIndex: 'number', width: 150 },
              {
                title: '诉求标题',
                key: 'title',
                render: (_, a) => (
                  <>
                    {title(a)}
                    {source(a)}
                  </>
                ),
              },
              { title: '诉求类别', dataIndex: 'categoryName', width: 110 },
              { title: '状态', key: 'status', width: 100, render: (_, a) => <AppealStatusTag status={a.status} /> },
              { title: '提交日期', key: 'createdAt', width: 110, render: (_, a) => day(a.createdAt) },
              { title: '办理期限', key: 'due', width: 230, render: (_, a) => <AppealDue appeal={a} /> },
            ]}
          />
        )}
        {data && data.total > 0 && (
          <Paginator total={data.total} totalCapped={data.totalCapped} currentPage={data.currentPage} pageSize={data.pageSize} onChange={(page, size) => update({ currentPage: size === filters.pageSize ? page : 1, pageSize: size })} />
        )}
      </Spin>
    </>
  );
}
