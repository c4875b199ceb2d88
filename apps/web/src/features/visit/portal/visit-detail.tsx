// One visit as its enterprise sees it (opened from a list, or by ?id= from a message-centre notice):
// its time, place and who comes, the buttons the server allows, the time proposed, the summary with
// the guides explained, the files and each problem's appeal as it now stands, the appraisal and the
// timeline. Another enterprise's id answers 404 like a wrong one: 走访不存在, with the way back.
import { Descriptions, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { appealPortalLink } from '@hqt/contract/appeal';
import type { VisitDetail } from '@hqt/contract/visit';
import { guidePortalLink } from '@hqt/contract/policy-links';
import { AttachmentList } from '@/shared/upload/attachments';
import { OwnedItem } from '@/shared/ui/owned-item';
import { ItemFrame, ItemSection } from '@/shared/workflow/item-frame';
import { visitQueries } from '../api/visit-api';
import { originLabel, timeSpan, VisitStatusTag, visitStepLabel } from '../ui/visit-status';
import { VisitActions } from './visit-actions';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

function Summary({ visit }: { visit: VisitDetail }) {
  if (visit.summary === null) return null;
  return (
    <ItemSection title="走访纪要">
      {visit.writtenAt && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {when(visit.writtenAt)} 填写
        </Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{visit.summary}</Typography.Paragraph>
      {visit.guides.length > 0 && (
        <div className="visit-guides">
          <Typography.Text strong>讲解的申报指南：</Typography.Text>
          <ul>
            {visit.guides.map((g) => (
              <li key={g.id}>
                <a href={guidePortalLink(g.id)}>{g.title}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <AttachmentList files={visit.attachments} />
      {visit.problems.length > 0 && (
        <>
          <Typography.Text strong>反映的问题（已转为企业诉求跟踪办理）：</Typography.Text>
          <List
            className="visit-problems"
            size="small"
            dataSource={visit.problems}
            rowKey="appealId"
            renderItem={(p) => (
              <List.Item>
                <span className="visit-problem">
                  <a href={appealPortalLink(p.appealId)}>{p.title}</a>
                  <Typography.Text type="secondary">{p.appealNumber}</Typography.Text>
                </span>
                <Tag>{p.statusLabel}</Tag>
              </List.Item>
            )}
          />
        </>
      )}
    </ItemSection>
  );
}

function Body({ visit, onBack }: { visit: VisitDetail; onBack: () => void }) {
  const staff = visit.staff.map((s) => (s.lead ? `${s.name}（带队）` : s.name)).join('、');
  return (
    <ItemFrame
      className="visit-detail"
      title={visit.subject}
      status={<VisitStatusTag status={visit.status} />}
      backLabel="返回走访列表"
      onBack={onBack}
      actions={<VisitActions visit={visit} />}
      facts={(isMobile) => (
        <>
          <Descriptions.Item label="走访编号">{visit.number}</Descriptions.Item>
          <Descriptions.Item label="走访状态">{visit.statusLabel}</Descriptions.Item>
          <Descriptions.Item label="走访企业">{visit.enterpriseName}</Descriptions.Item>
          <Descriptions.Item label="发起方式">{originLabel(visit.origin)}</Descriptions.Item>
          <Descriptions.Item label="走访类型">{visit.typeName ?? '待定'}</Descriptions.Item>
          <Descriptions.Item label="走访方式">{visit.methodName ?? '待定'}</Descriptions.Item>
          <Descriptions.Item label="走访时间">{timeSpan(visit.startsAt, visit.endsAt)}</Descriptions.Item>
          <Descriptions.Item label="走访地点">{visit.place ?? '待定'}</Descriptions.Item>
          <Descriptions.Item label="走访人员" span={isMobile ? 1 : 2}>
            {staff || '待安排'}
          </Descriptions.Item>
          {visit.proposed && (
            <Descriptions.Item label="提议的时间" span={isMobile ? 1 : 2}>
              {timeSpan(visit.proposed.start, visit.proposed.end)}
            </Descriptions.Item>
          )}
          {visit.preferredTimes && (
            <Descriptions.Item label="期望时间" span={isMobile ? 1 : 2}>
              {visit.preferredTimes.map((t) => timeSpan(t.start, t.end)).join('；')}
            </Descriptions.Item>
          )}
          {visit.topics && (
            <Descriptions.Item label="沟通内容" span={isMobile ? 1 : 2}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{visit.topics}</span>
            </Descriptions.Item>
          )}
          {visit.note && (
            <Descriptions.Item label="说明" span={isMobile ? 1 : 2}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{visit.note}</span>
            </Descriptions.Item>
          )}
        </>
      )}
      rating={{ label: visit.ratingLabel, comment: visit.comment }}
      timeline={{ title: '走访记录', entries: visit.timeline, stepLabel: visitStepLabel, empty: '暂无走访记录' }}
    >
      <Summary visit={visit} />
    </ItemFrame>
  );
}

export function VisitDetailView({ id, onBack }: { id: number; onBack: () => void }) {
  return (
    <OwnedItem query={visitQueries.detail(id)} noun="走访" onBack={onBack}>
      {(visit) => <Body visit={visit} onBack={onBack} />}
    </OwnedItem>
  );
}
