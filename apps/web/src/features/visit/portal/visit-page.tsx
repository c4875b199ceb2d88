// 企业走访 (/enterpriseVisit/enterpriseVisit): the enterprise's visits by tab (即将走访, 待确认, 历史走访,
// 待评价, 走访纪要) and 申请走访 in a drawer (?new=1); one visit in full at ?id= (where message-centre
// notices lead): its time, staff, the answer buttons, the .ics, the summary and the appraisal.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Drawer } from 'antd';
import { useSearchParams } from 'react-router';
import { useIsMobile } from '@/shared/lib/use-is-mobile';
import { useRefreshOnNotice } from '@/shared/workflow/use-refresh-on-notice';
import { idInAddress } from '@/shared/lib/address-id';
import { visitQueries } from '../api/visit-api';
import { VisitDetailView } from './visit-detail';
import { VisitList } from './visit-list';
import { VisitRequestForm } from './visit-request-form';
import './visit.css';

export default function VisitPage() {
  const [params, setParams] = useSearchParams();
  const isMobile = useIsMobile();
  const openId = idInAddress(params.get('id'));
  const formOpen = params.get('new') === '1';
  // Staff's invitations, changes and summaries reach the lists and an opened visit while the page is open.
  useRefreshOnNotice('visit', visitQueries.all());
  const change = (patch: Record<string, string | null>) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) out.delete(key);
        else out.set(key, value);
      }
      return out;
    });
  const openVisit = (id: number | null) => change({ id: id === null ? null : String(id), new: null });

  if (openId !== null) return <VisitDetailView key={openId} id={openId} onBack={() => openVisit(null)} />;
  return (
    <Card
      title="企业走访"
      className="visit-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => change({ new: '1' })}>
          申请走访
        </Button>
      }
    >
      <VisitList onOpen={openVisit} />
      <Drawer open={formOpen} onClose={() => change({ new: null })} size={isMobile ? '100%' : 640} title="申请走访" destroyOnHidden>
        <VisitRequestForm onDone={(id) => openVisit(id)} />
      </Drawer>
    </Card>
  );
}
