import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { PolicyDocSummary } from '@hqt/contract/policy-docs';

/** 已失效 once a document's validity has ended (one without an end stays in force). */
export function ExpiredTag({ doc }: { doc: Pick<PolicyDocSummary, 'expiryDate'> }) {
  return doc.expiryDate && doc.expiryDate < dayjs().format('YYYY-MM-DD') ? <Tag>已失效</Tag> : null;
}
