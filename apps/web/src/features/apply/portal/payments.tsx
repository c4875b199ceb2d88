// 资金拨付 in 我的申报: the application's payment instructions (amount, the account paid to, state),
// and the enterprise's steps on the workflow kit — 确认到账 with the amount it saw (a confirmed
// arrival is the account's proof), 报告未到账 with what it found, and, after the treasury returned
// one, 更正对公账户 (户名 fixed to the enterprise's name), which issues the next instruction.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Descriptions, Flex, Form, InputNumber, List, Tag, Typography } from 'antd';
import { withId } from '@hqt/contract/calculator';
import type { ApplyDetail, BankAccount } from '@hqt/contract/apply';
import { PAYMENT_FLOW, PAYOUT_LIMITS, PAYOUT_MSG, PAYOUT_PATHS, type Payment, type PaymentStatus, type PaymentStepBody } from '@hqt/contract/payout';
import { http, request } from '@/shared/api/http';
import { BankAccountFields } from '@/shared/ui/bank-account-fields';
import { StepButtons, type StepValues } from '@/shared/workflow/step-dialog';
import { applyQueries } from '../api/apply-api';

const paymentsQuery = (applicationId: number) =>
  queryOptions({ queryKey: [...applyQueries.all(), 'payments', applicationId], queryFn: () => http.get<Payment[]>(withId(PAYOUT_PATHS.payments, applicationId)) });

const takeStep = async (id: number, body: PaymentStepBody) => {
  const res = await request<Payment[]>({ method: 'POST', url: withId(PAYOUT_PATHS.paymentStep, id), data: body });
  return { payments: res.data, msg: res.msg };
};

interface Values extends StepValues {
  amount?: number;
  bank?: string;
  number?: string;
}

const COLOURS: Partial<Record<PaymentStatus, string>> = { paid: 'green', confirmed: 'success', returned: 'error', sent: 'blue' };
/** The account as shown: its bank and the number's last four digits. */
const accountText = (a: BankAccount) => `${a.bank}（尾号 ${a.number.slice(-4)}）`;

/** Shown once the application reaches 待拨付: nothing is paid before. */
export function ApplicationPayments({ application: a }: { application: ApplyDetail }) {
  const shown = a.status === 'payable' || a.status === 'paid';
  const { data } = useQuery({ ...paymentsQuery(a.id), enabled: shown });
  if (!shown || !data?.length) return null;
  return (
    <section aria-label="资金拨付" className="apply-payments">
      <Typography.Title level={5}>资金拨付</Typography.Title>
      <List
        bordered
        dataSource={data}
        renderItem={(p) => (
          <List.Item>
            <Flex vertical gap={8} style={{ width: '100%' }}>
              <Flex gap={8} wrap align="center">
                <Typography.Text strong>{`支付指令 ${p.key}（${p.partLabel}）`}</Typography.Text>
                <Tag color={COLOURS[p.status as PaymentStatus] ?? 'default'}>{p.statusLabel}</Tag>
              </Flex>
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'amount', label: '金额', children: `${p.amount} 万元` },
                  { key: 'account', label: '收款账户', children: accountText(p.bankAccount) },
                  { key: 'doc', label: '下达文号', children: p.docNumber },
                  ...(p.paidOn ? [{ key: 'paid', label: '财政支付日期', children: p.paidOn }] : []),
                  ...(p.confirmedAmount !== null ? [{ key: 'confirmed', label: '确认到账金额', children: `${p.confirmedAmount} 万元` }] : []),
                  ...(p.returnReason ? [{ key: 'returned', label: '退回原因', children: p.returnReason }] : []),
                  ...(p.missingNote ? [{ key: 'missing', label: '未到账说明', children: p.missingNote }] : []),
                  ...p.recoveries.map((r) => ({ key: `recovery-${r.id}`, label: `资金追回（${r.statusLabel}）`, children: `${r.amount} 万元：${r.reason}` })),
                ]}
              />
              <PaymentSteps payment={p} application={a} />
            </Flex>
          </List.Item>
        )}
      />
    </section>
  );
}

function PaymentSteps({ payment: p, application: a }: { payment: Payment; application: ApplyDetail }) {
  if (!p.steps.length) return null;
  return (
    <StepButtons<'confirm' | 'reportMissing' | 'correctAccount', PaymentStepBody, { payments: Payment[]; msg: string }, Values>
      flow={PAYMENT_FLOW}
      steps={p.steps}
      title={(label) => `${label}：${p.key}`}
      write={(body) => takeStep(p.id, body)}
      cache={{ detail: paymentsQuery(a.id).queryKey, answered: (r) => r.payments, service: applyQueries.all() }}
      done={PAYOUT_MSG.stepDone}
      noteMax={PAYOUT_LIMITS.note}
      initialValues={{ amount: p.amount }}
      intro={(step, declared) =>
        step === 'confirm' ? `请核对对公账户 ${accountText(p.bankAccount)} 实际到账的金额；确认后即为该账户的到账证明。` : step === 'correctAccount' ? `被退回原因：${p.returnReason ?? ''}。户名须为 ${a.enterpriseName}。` : declared
      }
      fields={{
        confirm: {
          before: (
            <Form.Item name="amount" label="实际到账金额" rules={[{ required: true, message: PAYOUT_MSG.confirmAmount }]}>
              <InputNumber min={0} max={1e8} addonAfter="万元" style={{ width: 240 }} />
            </Form.Item>
          ),
          body: (v) => ({ amount: v.amount }),
        },
        correctAccount: {
          before: (
            <>
              <BankAccountFields holder={a.enterpriseName} />
            </>
          ),
          body: (v) => ({ bankAccount: { name: a.enterpriseName, bank: v.bank?.trim() ?? '', number: v.number?.trim() ?? '' } }),
        },
      }}
    />
  );
}
