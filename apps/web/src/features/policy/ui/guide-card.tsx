import { Card, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { GuideSummary } from '@hqt/contract/policy';
import { GuideStatusTag } from './guide-status-tag';
import './guide.css';

const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

/** One guide in a list: the market, a topic, the home page. */
export function GuideCard({ guide, onOpen }: { guide: GuideSummary; onOpen: (id: number) => void }) {
  return (
    <Card size="small" hoverable className="guide-card" onClick={() => onOpen(guide.id)}>
      <Space wrap size={[6, 6]} style={{ marginBottom: 6 }}>
        <GuideStatusTag status={guide.status} />
        <Tag>{guide.levelLabel}</Tag>
        <Tag color="geekblue">{guide.supportTypeLabel}</Tag>
        <Tag color="purple">{guide.modeLabel}</Tag>
      </Space>
      <Typography.Title level={5} style={{ margin: '2px 0 6px' }}>
        <a href={`#guide-${guide.id}`} onClick={(e) => (e.preventDefault(), onOpen(guide.id))}>
          {guide.title}
        </a>
      </Typography.Title>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 6 }}>
        {guide.summary}
      </Typography.Paragraph>
      <div className="guide-meta">
        <span>{guide.departmentLabel}</span>
        <span>
          申报时间：{day(guide.windowStart)} 至 {day(guide.windowEnd)}
        </span>
        <span>支持标准：{guide.amountText}</span>
        <span>浏览 {guide.viewCount}</span>
      </div>
    </Card>
  );
}
