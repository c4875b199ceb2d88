// Every console table: its filters in the address (useListParams), the global paginator, and the
// spec's export/print dialog over every row the filters match. A page declares its columns,
// filters and fetch; the list does the rest the same way everywhere.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Table, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { PageOf } from '@hqt/contract/envelope';
import type { ExportColumn } from '@/shared/lib/export-format';
import { fetchAllPages } from '@/shared/lists/fetch-all-pages';
import { useListParams, type ListParams, type ListSpec } from '@/shared/lists/use-list-params';
import { Paginator } from '@/shared/ui/paginator';
import { reportExport } from './console-api';

const ExportPrintDialog = lazy(() => import('@/shared/ui/export-print-dialog'));

type Filters = Record<string, 'string' | 'boolean'>;

export interface ConsoleListProps<Row extends object, F extends Filters> {
  /** The card's heading, the export's title, and the name the audit log gives the export. */
  title: string;
  spec: ListSpec<F, never>;
  queryKey: readonly unknown[];
  fetchPage: (params: ListParams<F, never>) => Promise<PageOf<Row>>;
  columns: TableColumnsType<Row>;
  exportColumns: ExportColumn[];
  /** The row as the export sees it (labels instead of codes, names instead of objects). */
  exportRow?: (row: Row) => Record<string, unknown>;
  filters?: (params: ListParams<F, never>, update: (patch: Partial<ListParams<F, never>>) => void) => ReactNode;
  /** Buttons beside 导出/打印 (新建 …). */
  actions?: ReactNode;
  rowKey?: keyof Row & string;
}

export function ConsoleList<Row extends object, F extends Filters>(p: ConsoleListProps<Row, F>) {
  const [params, update] = useListParams(p.spec);
  const { data, isFetching } = useQuery({ queryKey: [...p.queryKey, params], queryFn: () => p.fetchPage(params) });
  const [exporting, setExporting] = useState(false);
  const toExport = p.exportRow ?? ((row: Row) => row as Record<string, unknown>);

  return (
    <Card
      title={p.title}
      extra={
        <Flex gap={8} wrap>
          {p.actions}
          <Button onClick={() => setExporting(true)}>导出 / 打印</Button>
        </Flex>
      }
    >
      {p.filters && (
        <Flex gap={8} wrap className="console-filters" style={{ marginBottom: 12 }}>
          {p.filters(params, update)}
        </Flex>
      )}
      <Table<Row>
        rowKey={p.rowKey ?? ('id' as keyof Row & string)}
        columns={p.columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        size="middle"
      />
      {data && data.total > 0 && (
        <Paginator
          total={data.total}
          totalCapped={data.totalCapped}
          currentPage={data.currentPage}
          pageSize={data.pageSize}
          onChange={(page, size) => update({ currentPage: size === params.pageSize ? page : 1, pageSize: size } as Partial<ListParams<F, never>>)}
        />
      )}
      {exporting && (
        <Suspense fallback={null}>
          <ExportPrintDialog
            open
            onClose={() => setExporting(false)}
            title={p.title}
            columns={p.exportColumns}
            fetchRows={async () => {
              const { rows, total } = await fetchAllPages((currentPage, pageSize) => p.fetchPage({ ...params, currentPage, pageSize }));
              return { rows: rows.map(toExport), total };
            }}
            onDone={(action, rows) => void reportExport(`${p.title}（${action === 'export' ? '导出' : '打印'}）`, rows)}
          />
        </Suspense>
      )}
    </Card>
  );
}

/**
 * A list's search box: shows the address's value (and follows it on Back/Forward), sends the
 * trimmed text on 搜索 or Enter, and clears the filter when emptied. A search of its own reaches the
 * address a moment later (the list's data is fetched first): what was typed meanwhile stays.
 */
export function SearchFilter({ value, placeholder, width = 240, onSearch }: { value: string | undefined; placeholder: string; width?: number; onSearch: (v: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  /** This box's searches on their way to the address, oldest first. */
  const [sent, setSent] = useState<(string | undefined)[]>([]);
  if (value !== shown) {
    setShown(value);
    const own = sent.indexOf(value);
    setSent(own >= 0 ? sent.slice(own + 1) : []);
    if (own < 0) setText(value ?? '');
  }
  return (
    <Input.Search
      value={text}
      onChange={(e) => setText(e.target.value)}
      placeholder={placeholder}
      aria-label={placeholder}
      allowClear
      maxLength={50}
      style={{ width, maxWidth: '100%' }}
      onSearch={(v) => {
        const next = v.trim() || undefined;
        if (next !== value) setSent((s) => [...s, next]);
        onSearch(next);
      }}
    />
  );
}
