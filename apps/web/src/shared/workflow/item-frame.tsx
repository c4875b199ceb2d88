// The frame of one workflow item as its enterprise sees it (an appeal, a visit): the way back, its
// title and state, the buttons the server allows, its facts, its sections, the enterprise's own
// rating and the timeline. A service gives what is its own (the facts, the sections between); the
// look and the structure a person learns on one item hold on the next.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import type { TimelineEntry } from '@hqt/contract/workflow';
import { useIsMobile } from '@/shared/lib/use-is-mobile';
import { WorkflowTimeline } from '@/shared/ui/workflow-timeline';
import './item-frame.css';

/** A titled part of an item, named for assistive technology by its heading. */
export function ItemSection({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={['item-section', className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <Typography.Title level={5} id={id}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** The enterprise's own rating of the item, once given. */
function Rating({ label, comment }: { label: string; comment: string | null }) {
  return (
    <ItemSection title="我的评价">
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        <Typography.Text strong>{label}</Typography.Text>
      </Typography.Paragraph>
      {comment && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{comment}</Typography.Paragraph>}
    </ItemSection>
  );
}

export interface ItemFrameProps {
  /** The service's class on the card (its own styles, its tests' handle). */
  className: string;
  title: string;
  status: ReactNode;
  /** The back button's name, e.g. 返回诉求列表. */
  backLabel: string;
  onBack: () => void;
  actions: ReactNode;
  /** The facts' rows (Descriptions.Item), two columns wide, one on a phone. */
  facts: (isMobile: boolean) => ReactNode;
  /** What the service shows between the facts and the rating. */
  children?: ReactNode;
  rating: { label: string | null; comment: string | null };
  timeline: { title: string; entries: TimelineEntry[]; stepLabel: (step: string) => string; empty: string };
}

export function ItemFrame({ className, title, status, backLabel, onBack, actions, facts, children, rating, timeline }: ItemFrameProps) {
  const isMobile = useIsMobile();
  return (
    <Card
      className={`item-frame ${className}`}
      title={
        <Flex gap={8} align="center" wrap>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={backLabel} />
          <span className="item-frame-title">{title}</span>
          {status}
        </Flex>
      }
    >
      {actions}
      <Descriptions column={isMobile ? 1 : 2} size="small" bordered styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
        {facts(isMobile)}
      </Descriptions>
      {children}
      {rating.label && <Rating label={rating.label} comment={rating.comment} />}
      <ItemSection title={timeline.title}>
        <WorkflowTimeline entries={timeline.entries} stepLabel={timeline.stepLabel} empty={timeline.empty} />
      </ItemSection>
    </Card>
  );
}
