// 申报受理's card on the 工作台: the applications whose current stage is past its due date, those
// waiting for 受理, each leading to its detail; and the policies published FORMLESS_DAYS working days
// ago or more whose guides still cannot be applied for (四川's rule for 申兑指南), each guide leading to
// its form designer.
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Row, Tag } from 'antd';
import { Link } from 'react-router';
import type { ApplyItem } from '@hqt/contract/apply';
import { applyFormConsoleLink, FORMLESS_DAYS } from '@hqt/contract/apply-console';
import { applyConsoleQueries } from '../api/apply-api';
import { ApplyDue } from '../ui/apply-status';
import { APPLY_QUEUE, applyDetailPath } from './paths';

const SHOWN = 10;

function DueList({ title, rows, total, more, empty }: { title: string; rows: ApplyItem[] | undefined; total: number | undefined; more: string; empty: string }) {
  return (
    <Card title={total === undefined ? title : `${title}（${total}）`} loading={rows === undefined} extra={total !== undefined && total > 0 && <Link to={more}>全部</Link>}>
      <List
        locale={{ emptyText: <Empty description={empty} /> }}
        dataSource={rows ?? []}
        renderItem={(r) => (
          <List.Item extra={<Tag>{r.statusLabel}</Tag>}>
            <List.Item.Meta title={<Link to={applyDetailPath(r.id)}>{`${r.number} ${r.guideTitle}`}</Link>} description={<>{r.enterpriseName} · <ApplyDue item={r} /></>} />
          </List.Item>
        )}
      />
    </Card>
  );
}

function FormlessPolicies() {
  const { data } = useQuery(applyConsoleQueries.formless());
  return (
    <Card title={data ? `发布满 ${FORMLESS_DAYS} 个工作日仍不能申报的政策（${data.length}）` : `发布满 ${FORMLESS_DAYS} 个工作日仍不能申报的政策`} loading={!data}>
      <List
        locale={{ emptyText: <Empty description="新发布政策的申报指南都已可以申报" /> }}
        dataSource={data ?? []}
        renderItem={(p) => (
          <List.Item extra={<Tag color="volcano">{`已 ${p.days} 个工作日`}</Tag>}>
            <List.Item.Meta
              title={p.policyTitle}
              description={p.guides.map((g, i) => (
                <span key={g.id}>
                  {i > 0 && '、'}
                  <Link to={applyFormConsoleLink(g.id)}>{`${g.title}：设计申报表单`}</Link>
                </span>
              ))}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

export default function ApplyWorkbenchCard() {
  const overdue = useQuery(applyConsoleQueries.page({ currentPage: 1, pageSize: SHOWN, overdue: true }));
  const waiting = useQuery(applyConsoleQueries.page({ currentPage: 1, pageSize: SHOWN, status: 'submitted' }));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <FormlessPolicies />
      </Col>
      <Col xs={24} lg={12}>
        <DueList title="已超期的申报" rows={overdue.data?.list} total={overdue.data?.total} more={`${APPLY_QUEUE}?overdue=1`} empty="没有超期的申报" />
      </Col>
      <Col xs={24} lg={12}>
        <DueList title="待受理的申报" rows={waiting.data?.list} total={waiting.data?.total} more={`${APPLY_QUEUE}?status=submitted`} empty="没有待受理的申报" />
      </Col>
    </Row>
  );
}
