import { Tag } from 'antd';
import { GUIDE_STATUS, type GuideStatus } from '@hqt/contract/policy';

const COLORS: Record<GuideStatus, string> = { open: 'green', upcoming: 'blue', closed: 'default' };

export const GuideStatusTag = ({ status }: { status: GuideStatus }) => <Tag color={COLORS[status]}>{GUIDE_STATUS[status]}</Tag>;
