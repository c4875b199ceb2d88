// 政策计算器: choose or add an enterprise, complete its profile in steps, and see what it qualifies for.
// The chosen enterprise is in the address (?enterprise=), so a result can be reopened and shared.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Popconfirm, Select, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { useWrite } from '@/shared/lists/use-write';
import { toast } from '@/shared/ui/feedback';
import { calculatorQueries, deleteEnterprise } from '../api/calculator-api';
import { ProfileSteps } from './profile/profile-steps';
import { ResultsView } from './results/results-view';
import './calculator.css';

export default function CalculatorPage() {
  const [params, setParams] = useSearchParams();
  const { data: enterprises, isLoading } = useQuery(calculatorQueries.enterprises());
  const remove = useWrite(deleteEnterprise, [calculatorQueries.all()]);
  const asked = Number(params.get('enterprise')) || null;
  const editing = params.get('edit'); // 'new' or '1'
  const chosen = enterprises?.find((e) => e.id === asked) ?? enterprises?.[0] ?? null;
  const { data: profile } = useQuery({ ...calculatorQueries.enterprise(chosen?.id ?? 0), enabled: chosen !== null });

  const go = (enterprise: number | null, edit?: 'new' | '1') =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (enterprise) out.set('enterprise', String(enterprise));
      else out.delete('enterprise');
      if (edit) out.set('edit', edit);
      else out.delete('edit');
      return out;
    });

  if (isLoading || !enterprises) return <Skeleton active />;

  const bar = (
    <div className="calc-bar">
      <span>测算企业：</span>
      <Select
        aria-label="测算企业"
        value={chosen?.id}
        onChange={(id: number) => go(id)}
        options={enterprises.map((e) => ({ value: e.id, label: `${e.name}${e.complete ? '' : '（信息待完善）'}` }))}
        notFoundContent="暂无企业"
      />
      <Button onClick={() => go(chosen?.id ?? null, 'new')}>新增企业</Button>
      {chosen && (
        <Popconfirm
          title="删除该企业信息？"
          description="已保存的测算记录会保留。"
          okText="删除"
          cancelText="取消"
          onConfirm={() =>
            remove.mutateAsync(chosen.id).then(() => {
              void toast.success('已删除');
              go(null);
            })
          }
        >
          <Button danger>删除企业</Button>
        </Popconfirm>
      )}
    </div>
  );

  if (editing === 'new') return <>{bar}<ProfileSteps key="new" enterprise={null} onSaved={(e) => go(e.id)} onCancel={() => go(chosen?.id ?? null)} /></>;
  if (!chosen) {
    return (
      <>
        {bar}
        <Card>
          <Empty description="还没有企业信息，请先新增企业" />
        </Card>
      </>
    );
  }
  if (!profile) return <>{bar}<Skeleton active /></>;
  if (editing === '1' || !profile.complete) {
    return (
      <>
        {bar}
        <ProfileSteps key={profile.id} enterprise={profile} onSaved={(e) => go(e.id)} onCancel={profile.complete ? () => go(profile.id) : undefined} />
      </>
    );
  }
  return (
    <>
      {bar}
      <ResultsView key={profile.id} enterprise={profile} onEditProfile={() => go(profile.id, '1')} />
    </>
  );
}
