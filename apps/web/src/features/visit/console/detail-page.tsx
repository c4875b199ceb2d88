// 走访详情 (staff): everything the server answers of one visit — the enterprise, subject, type,
// method, time, place, who goes (the lead first), an enterprise's request (its preferred times and
// topics), a proposed time, the note, the summary with its guides, files and each problem's appeal
// (its number and state now), the appraisal and the timeline — a button for each step the server
// allows, and the summary form for the lead.
import { Alert, Descriptions, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { OWN_MSG } from '@hqt/contract/messages';
import { VISIT_SUMMARY_HINT, type VisitDetail } from '@hqt/contract/visit';
import { ADMIN_BASE } from '@/config/routes';
import { AttachmentList } from '@/shared/upload/attachments';
import { WorkflowTimeline } from '@/shared/ui/workflow-timeline';
import { ConsoleItemPage, ConsoleSection } from '@/shared/workflow/console-item';
import { visitConsoleQueries } from '../api/visit-console-api';
import { appealConsolePath, VISIT_BASE } from './paths';
import { VisitStepButtons } from './step-dialog';
import { SummaryForm } from './summary-form';
import { originLabel, spanText, TIME, VisitStatusTag, visitStepLabel } from './visit-ui';

const at = (iso: string | null) => (iso ? dayjs(iso).format(TIME) : '—');

export default function VisitDetailPage() {
  return (
    <ConsoleItemPage query={visitConsoleQueries.detail} notFound={OWN_MSG.notFound} noun="走访" back={{ label: '返回走访管理', to: VISIT_BASE }} title={(v) => `${v.number} ${v.subject}`}>
      {(visit) => <VisitView visit={visit} />}
    </ConsoleItemPage>
  );
}

function VisitView({ visit: v }: { visit: VisitDetail }) {
  return (
    <Flex vertical gap={20}>
      {v.status === 'rescheduling' && v.proposed && <Alert type="warning" showIcon title={`企业提议改期到 ${spanText(v.proposed.start, v.proposed.end)}`} />}
      <ConsoleSection title="办理">
        <VisitStepButtons visit={v} />
      </ConsoleSection>
      <Descriptions
        title="走访信息"
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'number', label: '走访编号', children: v.number },
          { key: 'status', label: '状态', children: <VisitStatusTag status={v.status} /> },
          { key: 'enterprise', label: '企业名称', children: <Link to={`${ADMIN_BASE}/enterprises/${v.enterpriseId}`}>{v.enterpriseName}</Link> },
          { key: 'origin', label: '发起方', children: originLabel(v.origin) },
          { key: 'type', label: '走访类型', children: v.typeName ?? '—' },
          { key: 'method', label: '走访方式', children: v.methodName ?? '—' },
          { key: 'time', label: '走访时间', children: spanText(v.startsAt, v.endsAt) },
          { key: 'place', label: '走访地点', children: v.place ?? '—' },
          {
            key: 'staff',
            label: '走访人员',
            span: 'filled',
            children: v.staff.length ? v.staff.map((s) => <Tag key={s.id} color={s.lead ? 'blue' : undefined}>{s.lead ? `${s.name}（带队）` : s.name}</Tag>) : '—',
          },
          ...(v.preferredTimes ? [{ key: 'preferred', label: '企业期望时间', span: 'filled' as const, children: v.preferredTimes.map((t) => spanText(t.start, t.end)).join('；') }] : []),
          ...(v.topics ? [{ key: 'topics', label: '希望沟通的内容', span: 'filled' as const, children: v.topics }] : []),
          ...(v.note ? [{ key: 'note', label: '说明', span: 'filled' as const, children: v.note }] : []),
          { key: 'createdAt', label: '发起时间', children: at(v.createdAt) },
          { key: 'rating', label: '企业评价', children: v.ratingLabel ? `${v.ratingLabel}${v.comment ? `：${v.comment}` : ''}` : '—' },
        ]}
      />
      <ConsoleSection title="走访纪要">
        {v.summary ? (
          <>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{v.summary}</Typography.Paragraph>
            <Typography.Text type="secondary">{`填写时间：${at(v.writtenAt)}`}</Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">尚未填写走访纪要</Typography.Text>
        )}
        {v.guides.length > 0 && (
          <div style={{ marginTop: 8 }}>
            <Typography.Text strong>讲解的申报指南：</Typography.Text>
            {v.guides.map((g) => (
              <Link key={g.id} to={`${ADMIN_BASE}/guides/${g.id}`} style={{ marginRight: 12 }}>
                {g.title}
              </Link>
            ))}
          </div>
        )}
        {v.attachments.length > 0 && (
          <div style={{ marginTop: 8 }}>
            <Typography.Text strong>照片和附件</Typography.Text>
            <AttachmentList files={v.attachments} />
          </div>
        )}
      </ConsoleSection>
      <ConsoleSection title="提出的问题（转为企业诉求办理）" name="提出的问题">
        {v.problems.length === 0 ? (
          <Typography.Text type="secondary">没有提出问题</Typography.Text>
        ) : (
          <Flex vertical gap={6}>
            {v.problems.map((p) => (
              <Flex key={p.key} gap={8} wrap align="center" aria-label={`问题：${p.title}`} role="group">
                <Typography.Text>{p.title}</Typography.Text>
                <Link to={appealConsolePath(p.appealId)}>{p.appealNumber}</Link>
                <Tag>{p.statusLabel}</Tag>
              </Flex>
            ))}
          </Flex>
        )}
      </ConsoleSection>
      {v.steps.includes('summarize') ? (
        <SummaryForm visit={v} />
      ) : (
        // Before the visit's start the server lists no summary (a summary records what happened).
        v.status === 'confirmed' && <Typography.Text type="secondary">{VISIT_SUMMARY_HINT}</Typography.Text>
      )}
      <ConsoleSection title="办理记录">
        <WorkflowTimeline entries={v.timeline} stepLabel={visitStepLabel} empty="暂无办理记录" />
      </ConsoleSection>
    </Flex>
  );
}
