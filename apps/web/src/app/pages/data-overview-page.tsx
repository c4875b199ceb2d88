// Where every login lands: this account's enterprises and their estimated support, guides newly
// open for them, what to do next, and the entries to the other services. An app page: it composes
// the calculator's account figures (under the calculator's query key), the message centre's unread count and
// 企业诉求's open and to-rate counts, 企业走访's upcoming, to-confirm and to-appraise counts, and the
// 政策申报 in progress with what each waits for.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, List, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { CALCULATOR_PATHS, type AccountCalculatorInfo } from '@hqt/contract/calculator';
import { APPLY_OPEN_STATES, applyPortalLink, type ApplyStatus } from '@hqt/contract/apply';
import { appealStatsQueries } from '@/features/appeal/api/appeal-stats-api';
import { applyQueries } from '@/features/apply/api/apply-api';
import { PORTAL_INBOX } from '@/features/messages/paths';
import { visitCountQuery } from '@/features/visit/api/visit-api';
import { http } from '@/shared/api/http';
import { messageQueries } from '@/shared/messages/messages-api';
import { useSession } from '@/shared/session/session-store';
import { NEW_ENTERPRISE_PATH } from '@/shared/ui/no-enterprise';

const calculatorLink = (enterpriseId?: number, edit = false) =>
  `/policyCalculation/policyCalculation${enterpriseId ? `?enterprise=${enterpriseId}${edit ? '&edit=1' : ''}` : ''}`;

const APPEALS = '/enterpriseDemands/enterpriseDemands';
const VISITS = '/enterpriseVisit/enterpriseVisit';
const APPLICATIONS = '/policyApply/mine';

const ENTRIES = [
  { to: '/policyCalculation/policyCalculation', title: '政策计算' },
  { to: '/policyMarket/policyMarket', title: '政策超市' },
  { to: '/policyPush/policyPush', title: '政策推送' },
  { to: APPEALS, title: '企业诉求' },
  { to: VISITS, title: '企业走访' },
  { to: APPLICATIONS, title: '我的申报' },
  { to: '/personal/personal', title: '个人中心' },
];

/** The next step, said plainly: read new messages, complete a profile, evaluate, or look at what is new. */
function nextSteps(info: AccountCalculatorInfo, unread: number): { text: string; to: string }[] {
  const steps: { text: string; to: string }[] = [];
  // Every source's (政策, 诉求, 走访, 系统): the count is the message centre's, and so is the link.
  if (unread > 0) steps.push({ text: `有 ${unread} 条未读消息`, to: `${PORTAL_INBOX}?read=unread` });
  for (const e of info.enterprises) {
    if (!e.complete) steps.push({ text: `完善「${e.name}」的企业信息，即可测算可享受的政策`, to: calculatorLink(e.id, true) });
    else if (!e.lastEvaluation) steps.push({ text: `为「${e.name}」做一次政策测算`, to: calculatorLink(e.id) });
  }
  if (info.newGuides > 0 && info.evaluations > 0) steps.push({ text: `有 ${info.newGuides} 项申报指南在您上次测算后开放申报，重新测算看看`, to: calculatorLink(info.enterprises[0]?.id) });
  if (!info.enterprises.length) steps.push({ text: '新增一家企业，开始政策测算', to: NEW_ENTERPRISE_PATH });
  return steps;
}

export default function DataOverviewPage() {
  const name = useSession((s) => s.name);
  const { data: info } = useQuery({ queryKey: ['calculator', 'accountInfo'], queryFn: () => http.get<AccountCalculatorInfo>(CALCULATOR_PATHS.accountInfo) });
  const { data: unread } = useQuery(messageQueries.unread());
  const { data: appeals } = useQuery(appealStatsQueries.mine());
  const { data: upcoming } = useQuery(visitCountQuery('upcoming'));
  const { data: toConfirm } = useQuery(visitCountQuery('toConfirm'));
  const { data: toAppraise } = useQuery(visitCountQuery('toAppraise'));
  const { data: applied } = useQuery(applyQueries.list({ currentPage: 1, pageSize: 50 }));
  const inProgress = (applied?.list ?? []).filter((a) => APPLY_OPEN_STATES.includes(a.status as ApplyStatus));
  if (!info) return <Skeleton active />;
  const evaluated = info.enterprises.filter((e) => e.lastEvaluation);
  const amount = evaluated.reduce((sum, e) => sum + e.lastEvaluation!.amount, 0);
  const steps = nextSteps(info, unread ?? 0);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={`欢迎，${info.name || name || ''}`}>
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic title="本账号企业" value={info.enterprises.length} suffix="家" />
          </Col>
          <Col xs={12} md={6}>
            {evaluated.length ? <Statistic title="最近测算预计可享" value={Math.round(amount * 100) / 100} suffix="万元" /> : <Statistic title="最近测算预计可享" value="尚未测算" />}
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={info.evaluations ? '上次测算后新开放的指南' : '正在申报的指南'} value={info.newGuides} suffix="项" />
          </Col>
          <Col xs={12} md={6}>
            <Link to={`${PORTAL_INBOX}?read=unread`} className="overview-stat-link">
              <Statistic title="未读消息" value={unread ?? 0} suffix="条" />
            </Link>
          </Col>
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="我的企业" size="small" extra={<Link to={NEW_ENTERPRISE_PATH}>新增企业</Link>}>
            {info.enterprises.length ? (
              <List
                dataSource={info.enterprises}
                renderItem={(e) => (
                  <List.Item actions={[<Link key="go" to={calculatorLink(e.id, !e.complete)}>{e.complete ? '去测算' : '完善信息'}</Link>]}>
                    <List.Item.Meta
                      title={
                        <Space wrap size={4}>
                          {e.name}
                          {!e.complete && <Tag color="orange">信息待完善</Tag>}
                        </Space>
                      }
                      description={
                        e.lastEvaluation
                          ? `最近测算 ${new Date(e.lastEvaluation.at).toLocaleDateString('zh-CN')}：符合 ${e.lastEvaluation.eligible} 项，预计可享 ${e.lastEvaluation.amount} 万元`
                          : '尚未保存测算结果'
                      }
                    />
                  </List.Item>
                )}
              />
            ) : (
              <Empty description="还没有企业信息" />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="接下来可以做" size="small">
            {steps.length ? (
              <List size="small" dataSource={steps} renderItem={(s) => <List.Item><Link to={s.to}>{s.text}</Link></List.Item>} />
            ) : (
              <Empty description="暂无待办，去政策超市看看新政策吧" />
            )}
          </Card>
        </Col>
      </Row>
      <Card title="企业诉求" size="small" extra={<Link to={APPEALS}>查看我的诉求</Link>}>
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Link to={APPEALS} className="overview-stat-link">
              <Statistic title="办理中的诉求" value={appeals?.open ?? 0} suffix="件" />
            </Link>
          </Col>
          <Col xs={12} md={6}>
            <Link to={APPEALS} className="overview-stat-link">
              <Statistic title="待评价的诉求" value={appeals?.toRate ?? 0} suffix="件" />
            </Link>
          </Col>
        </Row>
      </Card>
      <Card title="企业走访" size="small" extra={<Link to={VISITS}>查看我的走访</Link>}>
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Link to={VISITS} className="overview-stat-link">
              <Statistic title="即将走访" value={upcoming ?? 0} suffix="次" />
            </Link>
          </Col>
          <Col xs={12} md={6}>
            <Link to={`${VISITS}?tab=toConfirm`} className="overview-stat-link">
              <Statistic title="待确认的走访" value={toConfirm ?? 0} suffix="次" />
            </Link>
          </Col>
          <Col xs={12} md={6}>
            <Link to={`${VISITS}?tab=toAppraise`} className="overview-stat-link">
              <Statistic title="待评价的走访纪要" value={toAppraise ?? 0} suffix="份" />
            </Link>
          </Col>
        </Row>
      </Card>
      <Card title="政策申报" size="small" extra={<Link to={APPLICATIONS}>查看我的申报</Link>}>
        {inProgress.length ? (
          <List
            size="small"
            dataSource={inProgress.slice(0, 5)}
            renderItem={(a) => (
              <List.Item extra={<Tag color={a.status === 'correcting' ? 'warning' : 'processing'}>{a.statusLabel}</Tag>}>
                <Link to={applyPortalLink(a.id)}>{a.guideTitle}</Link>
                <Typography.Text type={a.status === 'correcting' ? 'warning' : 'secondary'} style={{ marginInlineStart: 12 }}>
                  {a.status === 'correcting' ? `需补正：${a.asked ?? ''}` : (a.dueText ?? '')}
                </Typography.Text>
              </List.Item>
            )}
          />
        ) : (
          <Empty description="没有办理中的申报" />
        )}
      </Card>
      <Card title="服务入口" size="small">
        <Space wrap>
          {ENTRIES.map((e) => (
            <Link key={e.to} to={e.to}>
              <Button>{e.title}</Button>
            </Link>
          ))}
        </Space>
      </Card>
    </Space>
  );
}
