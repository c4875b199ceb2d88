// One appeal as its enterprise sees it (opened from the list, or by ?id= from a message-centre
// notice): its state and due date, what was filed, the latest reply with its files, the rating and
// the timeline; the buttons are the steps the server says it may take. Another enterprise's id
// answers 404 like a wrong one: 诉求不存在, with the way back.
import { Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import type { AppealDetail } from '@hqt/contract/appeal';
import { guidePortalLink } from '@hqt/contract/policy-links';
import { visitPortalLink } from '@hqt/contract/visit';
import { AttachmentList } from '@/shared/upload/attachments';
import { OwnedItem } from '@/shared/ui/owned-item';
import { ItemFrame, ItemSection } from '@/shared/workflow/item-frame';
import { appealQueries } from '../api/appeal-api';
import { AcceptDue, AppealDue, appealStepLabel, AppealStatusTag } from '../ui/appeal-status';
import { AppealActions } from './appeal-actions';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

function Due({ appeal }: { appeal: AppealDetail }) {
  if (appeal.status === 'submitted') return <Typography.Text type="secondary">{appeal.limitDays ? `受理后按 ${appeal.limitDays} 个工作日计算办理期限` : '受理后计算办理期限'}</Typography.Text>;
  if (!appeal.dueAt) return <Typography.Text type="secondary">—</Typography.Text>;
  return <AppealDue appeal={appeal} />;
}

/** Whose answer the latest reply is: the first, one after a 整改, or the one a 差评 sent back. */
function replyNote(appeal: AppealDetail, at: number) {
  if (appeal.status === 'reopened') return '（已转入整改，以下为上次答复）';
  // A reopening is a move into 整改中 from another state (the 差评's `complain`): a 回访 or another
  // step taken while 整改中 stays there (from and to both 整改中) and is not one.
  const reopenings = appeal.timeline.slice(0, at).filter((e) => e.to === 'reopened' && e.from !== 'reopened').length;
  return reopenings > 0 ? `（第 ${reopenings} 次整改后的答复）` : '';
}

function Reply({ appeal }: { appeal: AppealDetail }) {
  const at = appeal.timeline.findLastIndex((e) => e.step === 'reply');
  const reply = appeal.timeline[at];
  const files = appeal.attachments.filter((f) => f.role === 'reply');
  if (!reply) return null;
  return (
    <ItemSection title="答复">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {when(reply.at)}
        {replyNote(appeal, at)}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{reply.note}</Typography.Paragraph>
      <AttachmentList files={files} />
    </ItemSection>
  );
}

function Body({ appeal, onBack }: { appeal: AppealDetail; onBack: () => void }) {
  const filed = appeal.attachments.filter((f) => f.role === 'appeal' || f.role === null);
  const supplements = appeal.attachments.filter((f) => f.role === 'supplement');
  return (
    <ItemFrame
      className="appeal-detail"
      title={appeal.title}
      status={<AppealStatusTag status={appeal.status} />}
      backLabel="返回诉求列表"
      onBack={onBack}
      actions={<AppealActions appeal={appeal} />}
      facts={() => (
        <>
          <Descriptions.Item label="诉求编号">{appeal.number}</Descriptions.Item>
          <Descriptions.Item label="办理状态">{appeal.statusLabel}</Descriptions.Item>
          <Descriptions.Item label="诉求类别">{appeal.categoryName}</Descriptions.Item>
          <Descriptions.Item label="诉求企业">{appeal.enterpriseName}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{when(appeal.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="办理期限">
            <Due appeal={appeal} />
          </Descriptions.Item>
          {appeal.status === 'submitted' && appeal.acceptDueAt && (
            <Descriptions.Item label="受理期限">
              <AcceptDue appeal={appeal} />
            </Descriptions.Item>
          )}
          <Descriptions.Item label="联系人">{appeal.contact}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{appeal.phone}</Descriptions.Item>
          {appeal.departmentName && <Descriptions.Item label="承办部门">{appeal.departmentName}</Descriptions.Item>}
          {appeal.visitId && appeal.visitNumber && (
            <Descriptions.Item label="来源">
              <a href={visitPortalLink(appeal.visitId)}>企业走访 {appeal.visitNumber}</a>
            </Descriptions.Item>
          )}
          {appeal.guideId && (
            <Descriptions.Item label="关联申报指南">
              <a href={guidePortalLink(appeal.guideId)}>#{appeal.guideId}</a>
            </Descriptions.Item>
          )}
        </>
      )}
      rating={{ label: appeal.ratingLabel, comment: appeal.comment }}
      timeline={{ title: '办理记录', entries: appeal.timeline, stepLabel: appealStepLabel, empty: '暂无办理记录' }}
    >
      <ItemSection title="诉求内容">
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{appeal.content}</Typography.Paragraph>
        <AttachmentList files={filed} />
      </ItemSection>
      {supplements.length > 0 && (
        <ItemSection title="补充材料附件">
          <AttachmentList files={supplements} />
        </ItemSection>
      )}
      <Reply appeal={appeal} />
    </ItemFrame>
  );
}

export function AppealDetailView({ id, onBack }: { id: number; onBack: () => void }) {
  return (
    <OwnedItem query={appealQueries.detail(id)} noun="诉求" onBack={onBack}>
      {(appeal) => <Body appeal={appeal} onBack={onBack} />}
    </OwnedItem>
  );
}
