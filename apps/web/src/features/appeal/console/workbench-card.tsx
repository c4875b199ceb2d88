// 诉求办理's card on the 工作台: the appeals nobody accepted in time (待受理超时: still 已提交 past
// the 受理 deadline, APPEAL_RESPONSE_DAYS working day after the filing), those past their due date,
// then those due within APPEAL_DUE_SOON_DAYS working days, each leading to its detail (the morning
// job tells the handlers of the last two).
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Row, Tag } from 'antd';
import { Link } from 'react-router';
import { APPEAL_DUE_SOON_DAYS, APPEAL_MSG } from '@hqt/contract/appeal';
import type { AppealQueueRow } from '@hqt/contract/appeal-console';
import { appealConsoleQueries } from '../api/appeal-api';
import { dueDay } from '../ui/appeal-status';
import { APPEAL_QUEUE, appealDetailPath } from './paths';

const SHOWN = 10;
const SOON_PAGE = 50;

type DueListProps = { title: string; rows: AppealQueueRow[] | undefined; total: number | undefined; more: string; empty: string; colour: string; tag?: (r: AppealQueueRow) => string | null };

/** A row's tag: the day it is due by (the 受理 deadline for 待受理超时). */
const dueTag = (r: AppealQueueRow) => (r.dueAt ? `${dueDay(r.dueAt)} 到期` : null);
const acceptTag = (r: AppealQueueRow) => (r.acceptDueAt ? `${dueDay(r.acceptDueAt)} 应受理` : null);

function DueList({ title, rows, total, more, empty, colour, tag = dueTag }: DueListProps) {
  return (
    <Card title={total === undefined ? title : `${title}（${total}）`} loading={rows === undefined} extra={total !== undefined && total > 0 && <Link to={more}>全部</Link>}>
      <List
        locale={{ emptyText: <Empty description={empty} /> }}
        dataSource={rows ?? []}
        renderItem={(r) => (
          <List.Item extra={tag(r) && <Tag color={colour}>{tag(r)}</Tag>}>
            <List.Item.Meta title={<Link to={appealDetailPath(r.id)}>{`${r.number} ${r.title}`}</Link>} description={[r.enterpriseName, r.handlerName ?? '未分派'].join(' · ')} />
          </List.Item>
        )}
      />
    </Card>
  );
}

export default function AppealWorkbenchCard() {
  const unaccepted = useQuery(appealConsoleQueries.page({ currentPage: 1, pageSize: SHOWN, acceptOverdue: true }));
  const overdue = useQuery(appealConsoleQueries.page({ currentPage: 1, pageSize: SHOWN, overdue: true }));
  // Due soon holds the overdue ones too: the card shows them once, under 已超期 (a wider page leaves
  // enough of the others when many are overdue).
  const dueSoon = useQuery(appealConsoleQueries.page({ currentPage: 1, pageSize: SOON_PAGE, dueSoon: true }));
  const soon = overdue.data && dueSoon.data ? dueSoon.data.list.filter((r) => !r.overdue).slice(0, SHOWN) : undefined;
  const soonTotal = overdue.data && dueSoon.data ? dueSoon.data.total - overdue.data.total : undefined;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <DueList
          title={`${APPEAL_MSG.acceptOverdue}的诉求`}
          rows={unaccepted.data?.list}
          total={unaccepted.data?.total}
          more={`${APPEAL_QUEUE}?acceptOverdue=1`}
          empty="没有超时未受理的诉求"
          colour="volcano"
          tag={acceptTag}
        />
      </Col>
      <Col xs={24} lg={8}>
        <DueList title="已超期的诉求" rows={overdue.data?.list} total={overdue.data?.total} more={`${APPEAL_QUEUE}?overdue=1`} empty="没有超期的诉求" colour="red" />
      </Col>
      <Col xs={24} lg={8}>
        <DueList
          title={`${APPEAL_DUE_SOON_DAYS} 个工作日内到期的诉求`}
          rows={soon}
          total={soonTotal}
          more={`${APPEAL_QUEUE}?dueSoon=1`}
          empty="近期没有到期的诉求"
          colour="orange"
        />
      </Col>
    </Row>
  );
}
