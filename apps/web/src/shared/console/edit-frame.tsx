// The frame of every console editor: the item's state and history at the top, its timeline (each
// 发布 and 撤回, who and when), the form, and one row of actions (保存, the steps its flow allows,
// 返回列表). Policies, guides and topics use it alike.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Lifecycle } from '@hqt/contract/policy-console';
import { CONTENT_FLOW } from '@hqt/contract/content-flow';
import { WorkflowTimeline } from '@/shared/ui/workflow-timeline';
import { ContentStatusTag, StepButtons, type ContentSteps } from './content-state';

const when = (at: string | null, who: { name: string } | null) => (at ? `${dayjs(at).format('YYYY-MM-DD HH:mm')} ${who?.name ?? ''}` : '—');
const stepLabel = (step: string) => CONTENT_FLOW.steps[step as keyof typeof CONTENT_FLOW.steps]?.label ?? step;

/** 办理记录: the item's steps, oldest first (workflow_steps). */
function ItemTimeline({ steps, id }: { steps: ContentSteps; id: number }) {
  const { data } = useQuery({ queryKey: [...steps.key, id, 'timeline'], queryFn: () => steps.timeline(id) });
  if (!data) return null;
  return (
    <section aria-label="办理记录" style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>办理记录</Typography.Title>
      <WorkflowTimeline entries={data} stepLabel={stepLabel} empty="尚无发布或撤回" />
    </section>
  );
}

export function EditFrame({
  steps,
  title,
  id,
  item,
  loading,
  missing,
  listPath,
  saving,
  onSave,
  children,
}: {
  steps: ContentSteps;
  title: string;
  id: number | null;
  item: (Lifecycle & { id: number }) | undefined;
  loading: boolean;
  missing: boolean;
  listPath: string;
  saving: boolean;
  onSave: () => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  if (missing) return <Result status="404" title="内容不存在" extra={<Button onClick={() => void navigate(listPath)}>返回列表</Button>} />;
  return (
    <Spin spinning={loading}>
      <Card
        title={title}
        extra={
          item && (
            <Flex gap={8} align="center">
              <ContentStatusTag status={item.status} />
            </Flex>
          )
        }
      >
        {item && (
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="创建">{when(item.createdAt, item.createdBy)}</Descriptions.Item>
            <Descriptions.Item label="最后修改">{when(item.updatedAt, item.updatedBy)}</Descriptions.Item>
            <Descriptions.Item label="发布">{when(item.publishedAt, item.publishedBy)}</Descriptions.Item>
            <Descriptions.Item label="撤回">{when(item.withdrawnAt, item.withdrawnBy)}</Descriptions.Item>
          </Descriptions>
        )}
        {item && id !== null && <ItemTimeline steps={steps} id={id} />}
        {children}
        <Flex gap={8} wrap className="edit-actions">
          <Button type="primary" loading={saving} onClick={onSave}>
            {id === null ? '保存草稿' : '保存'}
          </Button>
          {item && id !== null && <StepButtons steps={steps} id={id} status={item.status} size="middle" />}
          <Button onClick={() => void navigate(listPath)}>返回列表</Button>
        </Flex>
      </Card>
    </Spin>
  );
}

/** The id in an editor's address: a number, `new` (null), or something else (NaN: not found). */
export const idOf = (param: string | undefined): number | null => (param === undefined || param === 'new' ? null : /^\d+$/.test(param) ? Number(param) : NaN);
