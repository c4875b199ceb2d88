// 企业诉求 (/enterpriseDemands/enterpriseDemands): the chosen enterprise's appeals and 提交诉求; one
// appeal in full at ?id= (where message-centre notices lead). The address holds the enterprise
// (?enterprise=), the list's filters, the open form (?new=1, or ?guideId=N from a guide, ?visitId=N from a visit) and the
// appeal, so each can be reloaded, shared and gone Back to.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, type Query } from '@tanstack/react-query';
import { Button, Card, Drawer, Select, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { useIsMobile } from '@/shared/lib/use-is-mobile';
import { useSession } from '@/shared/session/session-store';
import { useRefreshOnNotice } from '@/shared/workflow/use-refresh-on-notice';
import { idInAddress } from '@/shared/lib/address-id';
import { appealQueries } from '../api/appeal-api';
import { AppealDetailView } from './appeal-detail';
import { AppealForm, type AppealAbout } from './appeal-form';
import { AppealList } from './appeal-list';
import { enterprisesQuery } from '@/shared/api/enterprises';
import { appealFromQuestion } from '@hqt/contract/qa';
import './appeal.css';
import { NoEnterprise } from '@/shared/ui/no-enterprise';

const isCategories = (q: Query) => q.queryKey[1] === 'categories';

export default function AppealPage() {
  const [params, setParams] = useSearchParams();
  const isMobile = useIsMobile();
  const account = useSession((s) => s.name) ?? '';
  const openId = idInAddress(params.get('id'));
  const about: AppealAbout = { guideId: idInAddress(params.get('guideId')), visitId: idInAddress(params.get('visitId')) };
  const formOpen = params.get('new') === '1' || about.guideId !== null || about.visitId !== null;
  const closedForm = { new: null, guideId: null, visitId: null, question: null };
  const { data: enterprises, isLoading } = useQuery(enterprisesQuery());
  const questionId = idInAddress(params.get('question'));
  const fromQuestion = useQuery({ ...appealQueries.fromQuestion(questionId ?? 0), enabled: questionId !== null });
  // Staff's steps reach the list and an opened appeal while the page is open (not the categories).
  useRefreshOnNotice('appeal', appealQueries.all(), isCategories);

  const change = (patch: Record<string, string | null>) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) out.delete(key);
        else out.set(key, value);
      }
      return out;
    });
  const openAppeal = (id: number | null) => change({ id: id === null ? null : String(id), ...closedForm });

  if (openId !== null) return <AppealDetailView key={openId} id={openId} onBack={() => openAppeal(null)} />;
  if (isLoading || !enterprises) return <Card title="企业诉求"><Skeleton active /></Card>;

  const asked = idInAddress(params.get('enterprise'));
  const chosen = enterprises.find((e) => e.id === asked) ?? enterprises[0] ?? null;
  if (!chosen) {
    return (
      <Card title="企业诉求">
        <NoEnterprise description="提交诉求前，请先在政策计算中添加您的企业信息" />
      </Card>
    );
  }

  return (
    <Card
      title="企业诉求"
      className="appeal-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => change({ new: '1' })}>
          提交诉求
        </Button>
      }
    >
      {enterprises.length > 1 && (
        <div className="appeal-enterprise">
          <span>诉求企业：</span>
          <Select
            aria-label="诉求企业"
            value={chosen.id}
            // Another enterprise's list starts afresh: its filters and page do not follow.
            onChange={(id: number) => setParams({ enterprise: String(id) })}
            options={enterprises.map((e) => ({ value: e.id, label: e.name }))}
            popupMatchSelectWidth={false}
          />
        </div>
      )}
      <AppealList key={chosen.id} enterpriseId={chosen.id} onOpen={openAppeal} />
      <Drawer open={formOpen} onClose={() => change(closedForm)} size={isMobile ? '100%' : 640} title="提交诉求" destroyOnHidden>
        {questionId !== null && fromQuestion.isLoading ? (
          <Skeleton active />
        ) : (
          <AppealForm
            key={`${account}:${chosen.id}:${questionId ?? ''}`}
            account={account}
            enterprise={chosen}
            about={about}
            prefill={fromQuestion.data ? appealFromQuestion(fromQuestion.data.question) : undefined}
            onUnlink={(link) => change({ [link]: null, new: '1' })}
            onOpenAppeal={openAppeal}
            onDone={() => change(closedForm)}
          />
        )}
      </Drawer>
    </Card>
  );
}
