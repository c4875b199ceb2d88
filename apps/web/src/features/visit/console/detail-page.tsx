// 走访详情 (staff): everything the server answers of one visit — the enterprise, subject, type,
// method, time, place, who goes (the lead first), an enterprise's request (its preferred times and
// topics), a proposed time, the note, the summary with its guides, files and each problem's appeal
// (its number and state now), the appraisal and the timeline — a button for each step the server
// allows, and the summary form for the lead.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Result, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import { OWN_MSG } from '@hqt/contract/messages';
import { VISIT_SUMMARY_HINT, type VisitDetail } from '@hqt/contract/visit';
import { ADMIN_BASE } from '@/config/routes';
import { ApiError } from '@/shared/api/http';
import { AttachmentList } from '@/shared/upload/attachments';
import { WorkflowTimeline } from '@/shared/ui/workflow-timeline';
import { visitConsoleQueries } from '../api/visit-console-api';
import { appealConsolePath, idOf, VISIT_BASE } from './paths';
import { VisitStepButtons } from './step-dialog';
import { SummaryForm } from './summary-form';
import { originLabel, spanText, TIME, VisitStatusTag, visitStepLabel } from './visit-ui';

const at = (iso: string | null) => (iso ? dayjs(iso).format(TIME) : '—');

export default function VisitDetailPage() {
  const id = idOf(useParams().id);
  const navigate = useNavigate();
  const { data, isLoading, error } = useQuery({ ...visitConsoleQueries.detail(id ?? 0), enabled: id !== null });
  const back = <Button onClick={() => void navigate(VISIT_BASE)}>返回走访管理</Button>;

  if (id === null || (error instanceof ApiError && error.code === 404)) return <Result status="404" title={OWN_MSG.notFound} extra={back} />;
  if (error) return <Result status="error" title="走访加载失败" extra={back} />;

  return (
    <Card title={data ? `${data.number} ${data.subject}` : '走访详情'} loading={isLoading} extra={back} styles={{ header: { flexWrap: 'wrap' }, title: { whiteSpace: 'normal' } }}>
      {data && <VisitView visit={data} />}
    </Card>
  );
}

function VisitView({ visit: v }: { visit: VisitDetail }) {
  return (
    <Flex vertical gap={20}>
      {v.status === 'rescheduling' && v.proposed && <Alert type="warning" showIcon title={`企业提议改期到 ${spanText(v.proposed.start, v.proposed.end)}`} />}
      <section aria-label="办理">
        <Typography.Title level={5}>办理</Typography.Title>
        <VisitStepButtons visit={v} />
      </section>
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
      <section aria-label="走访纪要">
        <Typography.Title level={5}>走访纪要</Typography.Title>
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
      </section>
      <section aria-label="提出的问题">
        <Typography.Title level={5}>提出的问题（转为企业诉求办理）</Typography.Title>
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
      </section>
      {v.steps.includes('summarize') ? (
        <SummaryForm visit={v} />
      ) : (
        // Before the visit's start the server lists no summary (a summary records what happened).
        v.status === 'confirmed' && <Typography.Text type="secondary">{VISIT_SUMMARY_HINT}</Typography.Text>
      )}
      <section aria-label="办理记录">
        <Typography.Title level={5}>办理记录</Typography.Title>
        <WorkflowTimeline entries={v.timeline} stepLabel={visitStepLabel} empty="暂无办理记录" />
      </section>
    </Flex>
  );
}
