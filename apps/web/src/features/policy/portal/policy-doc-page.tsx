// A 政策文件's own page (public, ?id=): what it is known by, its full text and 解读 (rendered as the
// guide's drawer renders a policy's text), its attachments and the published guides that cite it,
// each linked to the guide in the market.
import { PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Result, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CLAUSE_BLOCKS, readClauseParam } from '@hqt/contract/qa';
import { MAX_INT } from '@hqt/contract/constants';
import { isSafeLink } from '@hqt/contract/validation';
import { guidePortalLink } from '@hqt/contract/policy-links';
import { usePageTitle } from '@/shared/lib/page-title';
import { RichText } from '@/shared/ui/rich-text';
import { policyDocQueries } from '../api/doc-queries';
import { POLICY_DOCS_VIEW } from '../links';
import { ExpiredTag } from '../ui/expired-tag';
import { GuideStatusTag } from '../ui/guide-status-tag';
import '../ui/guide.css';
import './market.css';

const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');
/** An attachment's address as the console may store it: a link of its own or a published upload. */
const downloadable = (url: string) => isSafeLink(url) || url.startsWith('/uploads/');

const readId = (raw: string | null) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_INT ? id : null;
};

/**
 * A cited clause (政策问答's link: ?clause=c12, the 12th block of the text, CLAUSE_BLOCKS' order as the
 * server counts it): scrolled to and marked once the text is on the page.
 */
function useCitedClause(ready: boolean, raw: string | null): [React.RefObject<HTMLDivElement | null>, React.RefObject<HTMLDivElement | null>] {
  const c = useRef<HTMLDivElement>(null);
  const i = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const cited = readClauseParam(raw);
    const block = cited && ready ? { c, i }[cited.part].current?.querySelectorAll(CLAUSE_BLOCKS)[cited.block] : undefined;
    if (!block) return;
    block.classList.add('cited-clause');
    block.scrollIntoView({ block: 'center' });
    return () => block.classList.remove('cited-clause');
  }, [ready, raw]);
  return [c, i];
}

export default function PolicyDocPage() {
  const [params] = useSearchParams();
  const id = readId(params.get('id'));
  const { data: doc, isError } = useQuery({ ...policyDocQueries.detail(id ?? 0), enabled: id !== null });
  usePageTitle(doc?.title);
  const [contentRef, interpretationRef] = useCitedClause(doc !== undefined, params.get('clause'));
  const back = <Link to={POLICY_DOCS_VIEW}>查看全部政策文件</Link>;

  if (id === null || isError) return <Result status="404" title="政策文件不存在或已下线" extra={back} />;
  if (!doc) return <Skeleton active />;
  const files = doc.attachments.filter((a) => downloadable(a.url));
  return (
    <Card extra={back}>
      <article className="policy-doc">
        <Typography.Title level={3} className="policy-doc-title">
          {doc.title} <ExpiredTag doc={doc} />
        </Typography.Title>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label="文号">{doc.docNo}</Descriptions.Item>
          <Descriptions.Item label="发文单位">{doc.departmentLabel}</Descriptions.Item>
          <Descriptions.Item label="政策层级">{doc.levelLabel}</Descriptions.Item>
          <Descriptions.Item label="发布日期">{doc.publishDate}</Descriptions.Item>
          <Descriptions.Item label="有效期至">{doc.expiryDate ?? '长期有效'}</Descriptions.Item>
        </Descriptions>

        <Typography.Title level={4}>政策原文</Typography.Title>
        <RichText ref={contentRef} html={doc.contentHtml} />

        {doc.interpretationHtml && (
          <>
            <Typography.Title level={4}>政策解读</Typography.Title>
            <RichText ref={interpretationRef} html={doc.interpretationHtml} />
          </>
        )}

        {files.length > 0 && (
          <>
            <Typography.Title level={4}>附件</Typography.Title>
            <ul className="policy-doc-files">
              {files.map((a) => (
                <li key={a.url}>
                  <a href={a.url} download={a.name} target="_blank" rel="noopener noreferrer">
                    <PaperClipOutlined /> {a.name}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}

        <Typography.Title level={4}>相关申报指南</Typography.Title>
        {doc.guides.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无依据本文件的申报指南" />
        ) : (
          <ul className="policy-doc-guides">
            {doc.guides.map((g) => (
              <li key={g.id}>
                <div>
                  <GuideStatusTag status={g.status} /> <Link to={guidePortalLink(g.id)}>{g.title}</Link>
                </div>
                <div className="guide-meta">
                  <span>
                    申报时间：{day(g.windowStart)} 至 {day(g.windowEnd)}
                  </span>
                  <span>支持标准：{g.amountText}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </article>
    </Card>
  );
}
