// A workflow queue's tabs (诉求办理, 申报受理): 全部 and one per state of the flow, each with its
// count under the queue's other filters (the service's counts call), the current one from the address.
import { Tabs } from 'antd';

interface Counts {
  all: number;
  byStatus: Record<string, number>;
}

export function StatusTabs<S extends string>({ states, counts, status, onChange }: { states: Readonly<Record<S, string>>; counts: Counts | undefined; status: S | undefined; onChange: (status: S | undefined) => void }) {
  const count = (n: number | undefined) => (n === undefined ? '' : `（${n}）`);
  return (
    <Tabs
      style={{ width: '100%' }}
      activeKey={status ?? 'all'}
      onChange={(key) => onChange(key === 'all' ? undefined : (key as S))}
      items={[
        { key: 'all', label: `全部${count(counts?.all)}` },
        ...(Object.keys(states) as S[]).map((s) => ({ key: s, label: `${states[s]}${count(counts?.byStatus[s] ?? (counts ? 0 : undefined))}` })),
      ]}
    />
  );
}
