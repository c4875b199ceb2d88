// One visit as its enterprise sees it (opened from a list, or by ?id= from a message-centre notice):
// its time, place and who comes, the buttons the server allows, the time proposed, the summary with
// the guides explained, the files and each problem's appeal as it now stands, the appraisal and the
// timeline. Another enterprise's id answers 404 like a wrong one: 走访不存在, with the way back.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId, type ReactNode } from 'react';
import type { VisitDetail } from '@hqt/contract/visit';
import { guidePortalLink } from '@hqt/contract/policy-links';
import { useIsMobile } from '@/shared/lib/use-is-mobile';
import { WorkflowTimeline } from '@/shared/ui/workflow-timeline';
import { AttachmentList } from '@/shared/upload/attachments';
import { OwnedItem } from '@/shared/ui/owned-item';
import { visitQueries } from '../api/visit-api';
import { originLabel, timeSpan, VisitStatusTag, visitStepLabel } from '../ui/visit-status';
import { VisitActions } from './visit-actions';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
export const appealLink = (id: number) => `/enterpriseDemands/enterpriseDemands?id=${id}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="visit-section" aria-labelledby={id}>
      <Typography.Title level={5} id={id}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function Summary({ visit }: { visit: VisitDetail }) {
  if (visit.summary === null) return null;
  return (
    <Section title="走访纪要">
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
                  <a href={appealLink(p.appealId)}>{p.title}</a>
                  <Typography.Text type="secondary">{p.appealNumber}</Typography.Text>
                </span>
                <Tag>{p.statusLabel}</Tag>
              </List.Item>
            )}
          />
        </>
      )}
    </Section>
  );
}

function Body({ visit, onBack }: { visit: VisitDetail; onBack: () => void }) {
  const isMobile = useIsMobile();
  const staff = visit.staff.map((s) => (s.lead ? `${s.name}（带队）` : s.name)).join('、');
  return (
    <Card
      className="visit-detail"
      title={
        <Flex gap={8} align="center" wrap>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label="返回走访列表" />
          <span className="visit-detail-title">{visit.subject}</span>
          <VisitStatusTag status={visit.status} />
        </Flex>
      }
    >
      <VisitActions visit={visit} />
      <Descriptions column={isMobile ? 1 : 2} size="small" bordered styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
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
      </Descriptions>
      <Summary visit={visit} />
      {visit.ratingLabel && (
        <Section title="我的评价">
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            <Typography.Text strong>{visit.ratingLabel}</Typography.Text>
          </Typography.Paragraph>
          {visit.comment && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{visit.comment}</Typography.Paragraph>}
        </Section>
      )}
      <Section title="走访记录">
        <WorkflowTimeline entries={visit.timeline} stepLabel={visitStepLabel} empty="暂无走访记录" />
      </Section>
    </Card>
  );
}

export function VisitDetailView({ id, onBack }: { id: number; onBack: () => void }) {
  return (
    <OwnedItem query={visitQueries.detail(id)} noun="走访" onBack={onBack}>
      {(visit) => <Body visit={visit} onBack={onBack} />}
    </OwnedItem>
  );
}
