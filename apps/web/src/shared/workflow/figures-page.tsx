// A service's year of figures in the console (诉求统计, 走访统计): the year, the grouping and the
// service's dictionary filters in the address (?year=2026&by=month&category=…), a chart (its own chunk:
// ECharts stays out of first visits), the table with its 合计 row, the notes under it, and the
// console's export/print of the table. A service declares what it measures and how it is asked.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Button, Card, Flex, Radio, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { formatRate } from '@hqt/contract/appeal-stats';
import type { DictType } from '@hqt/contract/policy';
import { useDictionaries } from '@/shared/api/dictionaries';
import type { ExportColumn } from '@/shared/lib/export-format';

const ExportPrintDialog = lazy(() => import('@/shared/ui/export-print-dialog'));
const FiguresChart = lazy(() => import('./figures-chart'));

/** The figures of a group or of all, by measure: null where there is none (a rate of nothing). */
export type Figures<M extends string> = Record<M, number | null>;
export type FiguresRow<M extends string> = Figures<M> & { key: string | null; label: string };

export interface FiguresMeasure<M extends string> {
  key: M;
  title: string;
  /** A share from 0 to 1, shown as a percentage. */
  rate?: boolean;
  /** On the chart too: a count as bars, a rate as a line. */
  charted?: boolean;
  /** The bars' axis name, when not the measure's title. */
  unit?: string;
}

export interface FiguresFilter<P extends string> {
  /** Its search param, and its field in the query. */
  param: P;
  dict: DictType;
  label: string;
  placeholder: string;
  width: number;
}

interface Props<Data, M extends string, By extends string, P extends string, K extends QueryKey> {
  title: string;
  /** The groupings' names, as in 按月份; the first is shown without ?by=. */
  groupings: Record<By, string>;
  minYear: number;
  /** The latest year the address may ask for; next year by default. */
  maxYear?: number;
  filters?: FiguresFilter<P>[];
  query: (asked: { year: number; by: By } & Partial<Record<P, string>>) => UseQueryOptions<Data, Error, Data, K>;
  // The chart draws again only when these change: the same array for the same grouping, and the
  // rows as the query answered them. The measures alone name M (NoInfer: a row's key and label are no measure).
  measures: (by: By) => readonly FiguresMeasure<M>[];
  rows: (data: Data, by: By) => NoInfer<FiguresRow<M>>[];
  totals: (data: Data, by: By) => NoInfer<Figures<M>>;
  /** Many measures: the table scrolls sideways under a fixed first column. */
  wide?: boolean;
  /** Above the chart. */
  overview?: (data: Data) => ReactNode;
  /** Under the table: one paragraph, or the list of definitions (统计口径). */
  notes: string | readonly string[];
  /** Lines under the heading in the export and the print. */
  exportHeading?: (data: Data) => string[];
  /** Records an export or print (the console's audit log, which shared/ does not import). */
  report: (list: string, rows: number) => Promise<unknown>;
}

/** A measure as the table, the print and the file show it: rates as percentages, '—' for none. */
function shown<M extends string>(m: FiguresMeasure<M>, f: Figures<M>): string | number {
  const v = f[m.key];
  if (m.rate) return formatRate(v);
  return v ?? '—';
}

const thisYear = () => new Date().getFullYear();
const notesStyle = { marginTop: 12, fontSize: 12, opacity: 0.65 };

export function FiguresPage<Data, M extends string, By extends string, K extends QueryKey, P extends string = never>(props: Props<Data, M, By, P, K>) {
  const { title, groupings, minYear, maxYear = thisYear() + 1, filters = [], wide = false, notes } = props;
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('year'));
  const year = Number.isInteger(asked) && asked >= minYear && asked <= maxYear ? asked : thisYear();
  const byAll = Object.keys(groupings) as By[];
  const by = byAll.find((d) => d === search.get('by')) ?? byAll[0]!;
  const chosen = filters.map((f) => ({ ...f, value: search.get(f.param) ?? undefined }));
  const dicts = useDictionaries(filters.map((f) => f.dict));
  const { data, isLoading } = useQuery(props.query({ year, by, ...(Object.fromEntries(chosen.map((f) => [f.param, f.value])) as Partial<Record<P, string>>) }));
  const [exporting, setExporting] = useState(false);

  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    setSearch(next);
  };

  const grouping = groupings[by];
  const measures = props.measures(by);
  const rows = data ? props.rows(data, by) : [];
  const columns: TableColumnsType<FiguresRow<M>> = [
    { title: grouping, dataIndex: 'label', fixed: wide ? 'left' : undefined },
    ...measures.map((m) => ({ title: m.title, key: m.key, align: 'right' as const, render: (_: unknown, row: FiguresRow<M>) => shown(m, row) })),
  ];
  const years = Array.from({ length: Math.max(1, thisYear() - minYear + 1) }, (_, i) => thisYear() - i);
  const heading = `${year}年 · 按${grouping}${chosen.map((f) => (f.value ? ` · ${dicts.labelOf(f.dict, f.value)}` : '')).join('')}`;
  const exportColumns: ExportColumn[] = [{ key: 'label', field: 'label', title: grouping, displayName: grouping }, ...measures.map((m) => ({ key: m.key, field: m.key, title: m.title, displayName: m.title }))];
  const exportRow = (label: string, f: Figures<M>) => ({ label, ...Object.fromEntries(measures.map((m) => [m.key, shown(m, f)])) });

  return (
    <Card
      title={title}
      extra={
        <Button onClick={() => setExporting(true)} disabled={!data}>
          导出 / 打印
        </Button>
      }
    >
      <Flex gap={8} wrap className="console-filters" style={{ marginBottom: 12 }}>
        <Select aria-label="年度" value={year} style={{ width: 110 }} options={years.map((y) => ({ value: y, label: `${y}年` }))} onChange={(y) => set({ year: String(y) })} />
        <Radio.Group aria-label="统计维度" optionType="button" value={by} options={byAll.map((d) => ({ value: d, label: `按${groupings[d]}` }))} onChange={(e) => set({ by: e.target.value as string })} />
        {chosen.map((f) => (
          <Select key={f.param} aria-label={f.label} placeholder={f.placeholder} allowClear value={f.value} style={{ width: f.width }} options={dicts.options(f.dict)} onChange={(v?: string) => set({ [f.param]: v })} />
        ))}
      </Flex>
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <>
          {props.overview?.(data)}
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
            <FiguresChart rows={rows} measures={measures} title={`${title}：${heading}`} />
          </Suspense>
          <Table<FiguresRow<M>>
            rowKey={(r) => r.key ?? ''}
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={wide ? { x: 'max-content' } : undefined}
            size="middle"
            summary={() => {
              const totals = props.totals(data, by);
              return (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                  {measures.map((m, i) => (
                    <Table.Summary.Cell key={m.key} index={i + 1} align="right">
                      {shown(m, totals)}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              );
            }}
          />
          {typeof notes === 'string' ? (
            <p style={notesStyle}>{notes}</p>
          ) : (
            <ul aria-label="统计口径" style={{ ...notesStyle, paddingLeft: 18 }}>
              {notes.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
        </>
      )}
      {exporting && data && (
        <Suspense fallback={null}>
          <ExportPrintDialog
            open
            onClose={() => setExporting(false)}
            title={title}
            heading={[heading, ...(props.exportHeading?.(data) ?? [])]}
            fileName={`${title}-${year}-按${grouping}`}
            columns={exportColumns}
            fetchRows={() => Promise.resolve({ rows: [...rows.map((r) => exportRow(r.label, r)), exportRow('合计', props.totals(data, by))], total: rows.length + 1 })}
            onDone={(action, count) => void props.report(`${title}（${action === 'export' ? '导出' : '打印'}）`, count)}
          />
        </Suspense>
      )}
    </Card>
  );
}
