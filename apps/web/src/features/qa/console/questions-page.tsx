// 问答知识库 (docs/qa.md): the last 30 days (questions, the answered share, the 有用 share), the
// staff-written 常见问题, and the queue of questions the texts did not answer or whose answer was marked
// 没用, newest first — who asked (访客 for a visitor), for which enterprise, what was cited — to write a
// 常见问题 or an 诉求 from.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Select, Statistic, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { POLICY_DOC_PATH } from '@hqt/contract/policy-links';
import { QA_QUEUE_KINDS, type QaQueueKind, type QaQueueQuery, type QaQueueRow } from '@hqt/contract/qa';
import { ConsoleList } from '@/shared/console/console-list';
import type { ExportColumn } from '@/shared/lib/export-format';
import type { ListParams, ListSpec } from '@/shared/lists/use-list-params';
import { qaConsoleQueries } from '../api/qa-console-api';
import { FaqsPanel } from './faqs-panel';

const FILTERS = { kind: 'string' } as const;
type Filters = typeof FILTERS;
type Params = ListParams<Filters, never>;
const SPEC: ListSpec<Filters, never> = { filters: FILTERS };
const isKind = (v: string | undefined): v is QaQueueKind => v !== undefined && v in QA_QUEUE_KINDS;
const pageQuery = (p: Params): QaQueueQuery => ({ currentPage: p.currentPage, pageSize: p.pageSize, ...(isKind(p.kind) ? { kind: p.kind } : {}) });

const TIME = 'YYYY-MM-DD HH:mm';
const outcome = (r: QaQueueRow) => (r.answered ? '回答没用' : '未能回答');
const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 1000) / 10}%`);

const col = (field: string, title: string, kind?: ExportColumn['kind']): ExportColumn => ({ field, key: field, title, displayName: title, ...(kind ? { kind } : {}) });
const EXPORT_COLUMNS: ExportColumn[] = [col('question', '问题'), col('outcome', '情况'), col('asker', '提问账号'), col('enterpriseName', '企业'), col('cited', '引用条款'), col('askedAt', '提问时间', 'datetime')];
const exportRow = (r: QaQueueRow) => ({
  question: r.question,
  outcome: outcome(r),
  asker: r.asker ?? '访客',
  enterpriseName: r.enterpriseName ?? '',
  cited: r.citations.map((c) => `${c.docNo} ${c.clause}`).join('；'),
  askedAt: r.askedAt,
});

const COLUMNS: TableColumnsType<QaQueueRow> = [
  { title: '问题', dataIndex: 'question', render: (v: string) => <Typography.Text style={{ maxWidth: 360, display: 'inline-block' }}>{v}</Typography.Text> },
  { title: '情况', key: 'outcome', render: (_: unknown, r) => <Tag color={r.answered ? 'warning' : 'default'}>{outcome(r)}</Tag> },
  { title: '提问账号', dataIndex: 'asker', render: (v: string | null) => v ?? '访客' },
  { title: '企业', dataIndex: 'enterpriseName', render: (v: string | null) => v ?? '—' },
  {
    title: '引用条款',
    dataIndex: 'citations',
    render: (cited: QaQueueRow['citations']) =>
      cited.length === 0 ? (
        '—'
      ) : (
        <Flex vertical>
          {cited.map((c) => (
            <Link key={`${c.policyId}:${c.clause}`} to={`${POLICY_DOC_PATH}?id=${c.policyId}`} target="_blank">
              {c.docNo} {c.clause}
            </Link>
          ))}
        </Flex>
      ),
  },
  { title: '提问时间', dataIndex: 'askedAt', render: (v: string) => dayjs(v).format(TIME) },
];

function Figures() {
  const { data } = useQuery(qaConsoleQueries.figures());
  return (
    <Card size="small" title="近 30 天">
      <Flex gap={32} wrap>
        <Statistic title="提问" value={data?.asked ?? '—'} />
        <Statistic title="已回答占比" value={data ? percent(data.answeredShare) : '—'} />
        <Statistic title="有用占比（已评价的回答中）" value={data ? percent(data.usefulShare) : '—'} />
      </Flex>
    </Card>
  );
}

export default function QaQuestionsPage() {
  const queryClient = useQueryClient();
  return (
    <Flex vertical gap={16}>
      <Figures />
      <FaqsPanel />
      <ConsoleList<QaQueueRow, Filters>
        title="问答知识库：待处理的问题"
        spec={SPEC}
        queryKey={[...qaConsoleQueries.all(), 'queue-list']}
        fetchPage={(p) => queryClient.fetchQuery(qaConsoleQueries.queue(pageQuery(p)))}
        columns={COLUMNS}
        exportColumns={EXPORT_COLUMNS}
        exportRow={exportRow}
        filters={(params, update) => (
          <Select
            aria-label="类别"
            style={{ width: 160 }}
            value={isKind(params.kind) ? params.kind : 'all'}
            options={Object.entries(QA_QUEUE_KINDS).map(([value, label]) => ({ value, label }))}
            onChange={(kind: string) => update({ kind: kind === 'all' ? undefined : kind })}
          />
        )}
      />
    </Flex>
  );
}
