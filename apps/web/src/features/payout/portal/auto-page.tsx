// 免申即享 (/policyApply/auto; the offer's notice leads to `?id=N`): the support the bureau's data
// prove the enterprise eligible for, with no form and no material — it only confirms: 确认享受 (where
// the money goes, 户名 fixed to the enterprise's name, and the 承诺书 where the guide declares one)
// or 放弃享受; unanswered, the offer lapses at the window's end. A confirmed one leads to 我的申报.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Alert, Card, Checkbox, Descriptions, Empty, Flex, Form, Input, List, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { applyPortalLink } from '@hqt/contract/apply';
import { withId } from '@hqt/contract/calculator';
import { OFFER_FLOW, PAYOUT_LIMITS, PAYOUT_MSG, PAYOUT_PATHS, offerPortalLink, type Offer, type OfferStepBody } from '@hqt/contract/payout';
import { http, request } from '@/shared/api/http';
import { idInAddress } from '@/shared/lib/address-id';
import { BankAccountFields } from '@/shared/ui/bank-account-fields';
import { StepButtons, type StepValues } from '@/shared/workflow/step-dialog';

const offersQuery = () => queryOptions({ queryKey: ['payout', 'offers'], queryFn: () => http.get<Offer[]>(PAYOUT_PATHS.offers) });
const offerQuery = (id: number) => queryOptions({ queryKey: ['payout', 'offers', id], queryFn: () => http.get<Offer>(withId(PAYOUT_PATHS.offer, id), { silent: true }) });
const answer = async (id: number, body: OfferStepBody) => {
  const res = await request<Offer>({ method: 'POST', url: withId(PAYOUT_PATHS.offerStep, id), data: body });
  return { offer: res.data, msg: res.msg };
};

const COLOURS: Record<string, string> = { told: 'processing', confirmed: 'success', declined: 'default', expired: 'default' };
const until = (o: Offer) => dayjs(new Date(o.expiresAt).getTime() - 1).format('YYYY-MM-DD');

export default function AutoPage() {
  const [params] = useSearchParams();
  const id = idInAddress(params.get('id'));
  return id ? <OneOffer id={id} /> : <AllOffers />;
}

function AllOffers() {
  const { data, isLoading } = useQuery(offersQuery());
  return (
    <Card title="免申即享">
      <Typography.Paragraph type="secondary">以下政策经核验企业已有数据符合条件，无需申报、无需提交材料，确认享受并填写接收资金的对公账户即可。</Typography.Paragraph>
      <List
        loading={isLoading}
        dataSource={data ?? []}
        locale={{ emptyText: <Empty description="暂无免申即享事项" /> }}
        renderItem={(o) => (
          <List.Item extra={<Tag color={COLOURS[o.status]}>{o.statusLabel}</Tag>}>
            <List.Item.Meta title={<Link to={offerPortalLink(o.id)}>{o.guideTitle}</Link>} description={`${o.enterpriseName} · 预计可享 ${o.amountText} · ${o.status === 'told' ? `请于 ${until(o)} 前确认` : o.statusLabel}`} />
          </List.Item>
        )}
      />
    </Card>
  );
}

interface Values extends StepValues {
  bank?: string;
  number?: string;
  signer?: string;
  agreed?: boolean;
}

function OneOffer({ id }: { id: number }) {
  const { data: o, isLoading, isError } = useQuery(offerQuery(id));
  if (isLoading) return <Card title="免申即享"><Skeleton active /></Card>;
  if (isError || !o) return <Card title="免申即享"><Empty description={PAYOUT_MSG.offerNotFound}><Link to="/policyApply/auto">全部免申即享事项</Link></Empty></Card>;
  return (
    <Card title={`免申即享：${o.guideTitle}`} extra={<Link to="/policyApply/auto">全部事项</Link>}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'enterprise', label: '企业', children: o.enterpriseName },
          { key: 'amount', label: '预计可享', children: o.amountText },
          { key: 'state', label: '状态', children: <Tag color={COLOURS[o.status]}>{o.statusLabel}</Tag> },
          { key: 'until', label: '确认截止', children: until(o) },
        ]}
      />
      {o.status === 'told' && <Alert type="info" showIcon style={{ margin: '12px 0' }} message={PAYOUT_MSG.offerText(o.guideTitle, o.amountText)} description="无需填写申报表、无需提交材料；确认后进入公示与拨付，可在「我的申报」中查看进度。" />}
      {o.applicationId && (
        <Alert type="success" showIcon style={{ margin: '12px 0' }} message={`已确认享受，编号 ${o.applicationNumber}`} description={<Link to={applyPortalLink(o.applicationId)}>在我的申报中查看进度</Link>} />
      )}
      <Flex style={{ marginTop: 12 }}>
        <StepButtons<'confirm' | 'decline', OfferStepBody, { offer: Offer; msg: string }, Values>
          flow={OFFER_FLOW}
          steps={o.steps}
          empty=""
          title={(label) => `${label}：${o.guideTitle}`}
          write={(body) => answer(o.id, body)}
          cache={{ detail: offerQuery(o.id).queryKey, answered: (r) => r.offer, service: ['payout', 'offers'] }}
          done={PAYOUT_MSG.stepDone}
          noteMax={PAYOUT_LIMITS.note}
          intro={(step, declared) => (step === 'confirm' ? `预计可享 ${o.amountText}，请填写接收资金的对公账户（户名须为 ${o.enterpriseName}）。` : declared)}
          fields={{
            confirm: {
              before: (
                <>
                  <BankAccountFields holder={o.enterpriseName} />
                  {o.commitment && (
                    <>
                      <Typography.Paragraph className="auto-commitment" style={{ background: 'var(--ant-color-fill-quaternary, #f5f5f5)', padding: 12 }}>
                        {o.commitment}
                      </Typography.Paragraph>
                      <Form.Item name="signer" label="承诺人" rules={[{ required: true, whitespace: true, message: PAYOUT_MSG.offerSigner }]}>
                        <Input maxLength={20} />
                      </Form.Item>
                      <Form.Item name="agreed" valuePropName="checked" rules={[{ validator: async (_, v) => { if (!v) throw new Error(PAYOUT_MSG.offerCommitment); } }]}>
                        <Checkbox>我已阅读并确认承诺书</Checkbox>
                      </Form.Item>
                    </>
                  )}
                </>
              ),
              body: (v) => ({ bankAccount: { name: o.enterpriseName, bank: v.bank?.trim() ?? '', number: v.number?.trim() ?? '' }, ...(o.commitment ? { signer: v.signer?.trim(), agreed: v.agreed === true } : {}) }),
            },
          }}
        />
      </Flex>
    </Card>
  );
}
