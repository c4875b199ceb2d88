// 政策超市's 政策文件 view: the published documents, searched over title, 文号 and full text,
// filtered by 发文单位, 层级 and 发布日期; a table on a wide screen, cards on a phone. The state is in
// the address (shared/lists), beside ?view=docs.
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Input, Space, Spin, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { PolicyDocSummary } from '@hqt/contract/policy-docs';
import { useKeywordBox, useListParams } from '@/shared/lists/use-list-params';
import { useIsMobile } from '@/shared/lib/use-is-mobile';
import { Paginator } from '@/shared/ui/paginator';
import { policyDocQueries } from '../api/doc-queries';
import { policyDocLink } from '../links';
import { DictSelect } from '../ui/dict-select';
import { ExpiredTag } from '../ui/expired-tag';
import { DOC_FILTERS, DOCS_LIST, docsQuery } from './market-prefetch';

const title = (d: PolicyDocSummary) => (
  <>
    <Link to={policyDocLink(d.id)} className="doc-title">
      {d.title}
    </Link>{' '}
    <ExpiredTag doc={d} />
  </>
);

export function PolicyDocsView() {
  const isMobile = useIsMobile();
  const [filters, update] = useListParams(DOCS_LIST);
  const [keyword, setKeyword] = useKeywordBox(filters.keyword);
  const query = docsQuery(filters);
  const { data, isFetching } = useQuery(policyDocQueries.list(query));
  const filtered = Boolean(query.keyword || query.issuer || query.level || query.from || query.to);

  return (
    <>
      <Input.Search
        placeholder="搜索标题、文号或正文，如：研发、云府发〔2026〕8号"
        aria-label="关键词"
        enterButton="搜索"
        allowClear
        maxLength={50}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => update({ keyword: v.trim() || undefined })}
        size="large"
      />
      <Space wrap className="market-filters">
        {DOC_FILTERS.map((f) => (
          <DictSelect key={f.key} dict={f.dict} placeholder={f.placeholder} value={filters[f.key]} onChange={(v) => update({ [f.key]: v })} />
        ))}
        <DatePicker.RangePicker
          aria-label="发布日期"
          placeholder={['发布日期起', '发布日期止']}
          allowEmpty={[true, true]}
          inputReadOnly={isMobile}
          value={[query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null]}
          onChange={(range) => update({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
        />
        {filtered && <Button onClick={() => update({ keyword: undefined, issuer: undefined, level: undefined, from: undefined, to: undefined })}>清除筛选</Button>}
      </Space>
      <Spin spinning={isFetching && !data}>
        {data && data.list.length === 0 ? (
          <Empty description="没有找到符合条件的政策文件" />
        ) : isMobile ? (
          <ul className="doc-cards">
            {data?.list.map((d) => (
              <li key={d.id} className="doc-card">
                <div>{title(d)}</div>
                <Typography.Text type="secondary" className="doc-card-meta">
                  {d.docNo} · {d.departmentLabel} · {d.levelLabel} · {d.publishDate} 发布
                </Typography.Text>
              </li>
            ))}
          </ul>
        ) : (
          <Table<PolicyDocSummary>
            rowKey="id"
            size="middle"
            pagination={false}
            dataSource={data?.list ?? []}
            columns={[
              { title: '文件名称', key: 'title', render: (_, d) => title(d) },
              { title: '文号', dataIndex: 'docNo', width: 200 },
              { title: '发文单位', dataIndex: 'departmentLabel', width: 180 },
              { title: '层级', dataIndex: 'levelLabel', width: 80 },
              { title: '发布日期', dataIndex: 'publishDate', width: 110 },
            ]}
          />
        )}
        {data && data.total > 0 && (
          <Paginator total={data.total} currentPage={data.currentPage} pageSize={data.pageSize} onChange={(page, size) => update({ currentPage: size === filters.pageSize ? page : 1, pageSize: size })} />
        )}
      </Spin>
    </>
  );
}
