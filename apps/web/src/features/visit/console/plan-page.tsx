// 发起走访 (/admin/visits/new): the arrangement form with the enterprise and subject; once saved the
// server's 「走访已发起，编号 …」 is shown and the new visit opens.
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import type { VisitPlanBody } from '@hqt/contract/visit-console';
import { useWrite } from '@/shared/lists/use-write';
import { toast } from '@/shared/ui/feedback';
import { planVisit, visitConsoleQueries } from '../api/visit-console-api';
import { ArrangementForm, type Arrangement } from './arrangement-form';
import { VISIT_BASE, visitDetailPath } from './paths';

export default function VisitPlanPage() {
  const navigate = useNavigate();
  const write = useWrite(planVisit, [visitConsoleQueries.all()]);
  async function save(a: Arrangement, force: boolean) {
    const body: VisitPlanBody = { ...a, enterpriseId: a.enterpriseId!, subject: a.subject!, ...(force ? { force: true } : {}) };
    const { visit, msg } = await write.mutateAsync(body);
    void toast.success(msg);
    void navigate(visitDetailPath(visit.id));
  }
  return (
    <Card title="发起走访" extra={<Button onClick={() => void navigate(VISIT_BASE)}>返回</Button>}>
      <ArrangementForm withEnterprise submitLabel="保存并通知企业" onSave={save} />
    </Card>
  );
}
