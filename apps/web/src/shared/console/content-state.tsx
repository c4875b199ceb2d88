// What every kind of content shows of its lifecycle (草稿 → 已发布 → 已撤回, who and when) and the
// buttons of the steps its flow allows (CONTENT_FLOW): the policy, guide and topic lists and editors share these.
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { CONTENT_STATUS, type ContentStatus, type Lifecycle, type StateBody } from '@hqt/contract/policy-console';
import { CONTENT_FLOW } from '@hqt/contract/content-flow';
import { permittedSteps, roleKeyOfName, type RoleKey, type TimelineEntry } from '@hqt/contract/workflow';
import type { ExportColumn } from '@/shared/lib/export-format';
import { useSession } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';

/**
 * What the kit needs of one kind of content, given by its service (features/policy/api/content-api.ts):
 * the query key its lists and forms live under, its timeline and its publish/withdraw.
 */
export interface ContentSteps {
  key: readonly string[];
  /** The item's steps, oldest first. */
  timeline: (id: number) => Promise<TimelineEntry[]>;
  /** Answers the server's message (已发布 / 已撤回) to show. */
  changeState: (id: number, body: StateBody) => Promise<string>;
}

const COLOURS: Record<ContentStatus, string> = { draft: 'default', published: 'green', withdrawn: 'red' };

export const ContentStatusTag = ({ status }: { status: ContentStatus }) => <Tag color={COLOURS[status]}>{CONTENT_STATUS[status]}</Tag>;

export const STATUS_OPTIONS = Object.entries(CONTENT_STATUS).map(([value, label]) => ({ value, label }));

const when = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '');

/** The last change and the publication, with who made them. */
export function lifecycleColumns<Row extends Lifecycle>(): TableColumnsType<Row> {
  return [
    { title: '状态', dataIndex: 'status', render: (s: ContentStatus) => <ContentStatusTag status={s} /> },
    { title: '最后修改', key: 'updated', render: (_: unknown, r: Row) => `${when(r.updatedAt)} ${r.updatedBy?.name ?? ''}` },
    { title: '发布', key: 'published', render: (_: unknown, r: Row) => (r.publishedAt ? `${when(r.publishedAt)} ${r.publishedBy?.name ?? ''}` : '—') },
  ];
}

export const lifecycleExportColumns: ExportColumn[] = [
  { field: 'statusLabel', displayName: '状态', key: 'statusLabel', title: '状态' },
  { field: 'updatedAt', displayName: '最后修改时间', key: 'updatedAt', title: '最后修改时间', kind: 'datetime' },
  { field: 'updatedByName', displayName: '修改人', key: 'updatedByName', title: '修改人' },
  { field: 'publishedAt', displayName: '发布时间', key: 'publishedAt', title: '发布时间', kind: 'datetime' },
  { field: 'publishedByName', displayName: '发布人', key: 'publishedByName', title: '发布人' },
];

/** A row as the export sees it: the state and people by name. */
export const lifecycleExportRow = <Row extends Lifecycle>(r: Row): Record<string, unknown> => ({
  ...r,
  statusLabel: CONTENT_STATUS[r.status],
  updatedByName: r.updatedBy?.name,
  publishedByName: r.publishedBy?.name,
});

const WARNINGS: Record<StateBody['action'], string> = {
  publish: '发布后门户即可看到，确定发布吗？',
  withdraw: '撤回后门户将不再显示，确定撤回吗？',
};

/** The signed-in account's role as the flows name it (工作人员 → staff). */
export const useRoleKey = (): RoleKey | null => useSession((s) => s.roles.map(roleKeyOfName).find((k) => k !== null) ?? null);

/** One button per step CONTENT_FLOW lets this role take from the item's state, each confirmed first. */
export function StepButtons({ steps, id, status, size = 'small', onDone }: { steps: ContentSteps; id: number; status: ContentStatus; size?: 'small' | 'middle'; onDone?: () => void }) {
  const queryClient = useQueryClient();
  const role = useRoleKey();
  const run = async (action: StateBody['action']) => {
    try {
      const msg = await steps.changeState(id, { action });
      void toast.success(msg);
      await queryClient.invalidateQueries({ queryKey: ['console'] });
      onDone?.();
    } catch {
      // the HTTP client has shown why
    }
  };
  return (
    <>
      {permittedSteps(CONTENT_FLOW, status, role, false).map((action) => {
        const { label } = CONTENT_FLOW.steps[action];
        return (
          <Popconfirm key={action} title={WARNINGS[action]} okText={label} cancelText="取消" onConfirm={() => run(action)}>
            <Button size={size} type={action === 'publish' ? 'primary' : 'default'} danger={action === 'withdraw'}>
              {label}
            </Button>
          </Popconfirm>
        );
      })}
    </>
  );
}
