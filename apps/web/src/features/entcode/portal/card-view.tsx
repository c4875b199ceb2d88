// What a scanned code opens. The server decides who is looking (viewer): a visitor gets the public
// card and the guides open to it; the owning account its results and 提交诉求 with the enterprise
// chosen; staff the record an official opens on a visit. A refused code shows the server's message.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, List, Result, Skeleton, Space, Tag } from 'antd';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ENTCODE_PAGE, formatCode, type EntcodeCard, type StaffCard } from '@hqt/contract/entcode';
import { guidePortalLink } from '@hqt/contract/policy-links';
import { ADMIN_BASE, LOGIN_PATH } from '@/config/routes';
import { useSession } from '@/shared/session/session-store';
import { entcodeQueries } from '../api/entcode-api';

const CALCULATOR = '/policyCalculation/policyCalculation';
const APPEALS = '/enterpriseDemands/enterpriseDemands';

/** The appeal page with its form open and the enterprise chosen. */
export const appealFormPath = (enterpriseId: number) => `${APPEALS}?new=1&enterprise=${enterpriseId}`;
/** Where 提交诉求 leads a visitor: the login, then back here, which (as the owner) opens the form. */
export const loginForAppeal = (code: string) => `${LOGIN_PATH}?redirect=${encodeURIComponent(`${ENTCODE_PAGE}?code=${code}&appeal=1`)}`;

const day = (iso: string) => new Date(iso).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });
const dash = (v: string | null | undefined) => v || '—';

export function CardView({ code }: { code: string }) {
  const { data: card, error, isLoading } = useQuery(entcodeQueries.card(code));
  const [params] = useSearchParams();
  if (isLoading) return <Card><Skeleton active /></Card>;
  if (error || !card) {
    return (
      <Card className="entcode-page">
        <Result
          status="warning"
          title={error?.message ?? '企业码不存在'}
          extra={
            <Link to={ENTCODE_PAGE}>
              <Button>重新输入企业码</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  // Back from the login that 提交诉求 asked for: the owner goes on to the form.
  if (card.viewer === 'owner' && params.get('appeal') === '1') return <Navigate replace to={appealFormPath(card.enterpriseId)} />;

  return (
    <div className="entcode-page">
      <PublicCard card={card} />
      {card.viewer === 'staff' ? <StaffView card={card} /> : <Actions card={card} />}
      {card.viewer !== 'staff' && <Guides card={card} />}
    </div>
  );
}

function PublicCard({ card }: { card: EntcodeCard }) {
  return (
    <Card
      title={
        <span className="entcode-card-title">
          {card.name}
          {card.status !== 'active' && <Tag color="warning">{card.statusLabel}</Tag>}
        </span>
      }
      extra={<span className="entcode-code-small">企业码 {formatCode(card.code)}</span>}
    >
      <Descriptions column={{ xs: 1, sm: 2 }} size="small">
        <Descriptions.Item label="统一社会信用代码">{card.creditCode}</Descriptions.Item>
        <Descriptions.Item label="所属行业">{dash(card.industryLabel)}</Descriptions.Item>
        <Descriptions.Item label="所在乡镇">{dash(card.regionLabel)}</Descriptions.Item>
        <Descriptions.Item label="企业资质">
          {card.qualifications.length === 0 ? (
            '—'
          ) : (
            <div className="entcode-tags">
              {card.qualifications.map((q) =>
                q.expired ? (
                  // A lapsed qualification in grey, named as such: never in a valid one's blue.
                  <Tag key={q.code} className="entcode-qualification-expired">
                    {q.label}（已过期，有效期至 {day(q.validUntil!)}）
                  </Tag>
                ) : (
                  <Tag key={q.code} color="blue">
                    {q.label}
                    {q.validUntil && `（有效期至 ${day(q.validUntil)}）`}
                  </Tag>
                ),
              )}
            </div>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function Actions({ card }: { card: EntcodeCard }) {
  const navigate = useNavigate();
  const signedIn = useSession((s) => Boolean(s.accessToken));
  if (card.viewer === 'owner') {
    return (
      <Card title="本企业">
        <Space wrap>
          <Button type="primary" onClick={() => void navigate(appealFormPath(card.enterpriseId))}>
            提交诉求
          </Button>
          <Button onClick={() => void navigate(`${CALCULATOR}?enterprise=${card.enterpriseId}`)}>查看测算结果</Button>
        </Space>
      </Card>
    );
  }
  if (signedIn) return <Alert type="info" showIcon title="该企业不在当前账号下。如需为本企业提交诉求，请使用本企业的账号登录。" />;
  return (
    <Card title="我是本企业">
      <Space wrap>
        <Button type="primary" onClick={() => void navigate(loginForAppeal(card.code))}>
          提交诉求
        </Button>
        <span className="entcode-hint">登录企业账号后可提交诉求、查看测算结果</span>
      </Space>
    </Card>
  );
}

function Guides({ card }: { card: EntcodeCard }) {
  return (
    <Card title="可申报的政策">
      {card.guides.length === 0 ? (
        <Empty description="暂无正在申报的适用政策" />
      ) : (
        <List
          dataSource={card.guides}
          renderItem={(g) => (
            <List.Item>
              <List.Item.Meta
                title={<Link to={guidePortalLink(g.id)}>{g.title}</Link>}
                description={`${g.supportTypeLabel} · ${g.amountText} · 申报截止 ${day(g.windowEnd)}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function StaffView({ card }: { card: StaffCard }) {
  const evaluation = card.lastEvaluation;
  return (
    <>
      <Card title="企业档案" extra={<Link to={`${ADMIN_BASE}/enterprises/${card.enterpriseId}`}>打开企业详情</Link>}>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label="法定代表人">{dash(card.legalPerson)}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{card.contactPhone ? <a href={`tel:${card.contactPhone}`}>{card.contactPhone}</a> : '—'}</Descriptions.Item>
          <Descriptions.Item label="企业码状态">{card.statusLabel}</Descriptions.Item>
          <Descriptions.Item label="未办结诉求">{card.openAppealCount} 件</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={`未办结诉求（${card.openAppealCount}）`}>
        {card.openAppeals.length === 0 ? (
          <Empty description="暂无未办结诉求" />
        ) : (
          <List
            dataSource={card.openAppeals}
            renderItem={(a) => (
              <List.Item extra={<Tag>{a.statusLabel}</Tag>}>
                <List.Item.Meta
                  title={<Link to={`${ADMIN_BASE}/appeals/${a.id}`}>{a.title}</Link>}
                  description={`${a.number} · 提交于 ${day(a.createdAt)}${a.dueAt ? ` · 办理期限 ${day(a.dueAt)}` : ''}`}
                />
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card title={`走访记录（${card.visitCount}）`}>
        {card.visits.length === 0 ? (
          <Empty description="暂无走访记录" />
        ) : (
          <List
            dataSource={card.visits}
            renderItem={(v) => (
              <List.Item extra={<Tag>{v.statusLabel}</Tag>}>
                <List.Item.Meta title={<Link to={`${ADMIN_BASE}/visits/${v.id}`}>{v.subject}</Link>} description={`${v.number}${v.startsAt ? ` · ${day(v.startsAt)}` : ''}`} />
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card title="符合条件的政策">
        {evaluation === null ? (
          <Empty description="该企业尚未保存测算" />
        ) : (
          <>
            <p className="entcode-hint">
              {day(evaluation.evaluatedAt)} 测算：符合 {evaluation.eligible} 项，预计可享 {evaluation.amount} 万元
            </p>
            <List
              dataSource={evaluation.guides}
              renderItem={(g) => (
                <List.Item extra={g.amount === null ? null : `${g.amount} 万元`}>
                  <Link to={guidePortalLink(g.id)}>{g.title}</Link>
                </List.Item>
              )}
            />
          </>
        )}
      </Card>
    </>
  );
}
