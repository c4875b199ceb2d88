// 资金拨付 (/admin/payouts): 免申即享 — the offers by state, the confirmed ones moved on to 待拨付
// without a 公示 where the bureau chooses; 待拨付 — the applications whose 公示 ended clear, chosen for a 资金下达
// (文号, date, fund) that issues their instructions; 支付台账 — every instruction by state, the 待授权
// ones authorised (by someone other than the approver, within the 资金额度: the server refuses
// otherwise, saying why) and the 已授权 ones sent to the treasury as a batch; 财政批次 — each batch's
// file for the treasury (JSON or Excel) and its return file read back; 资金追回 — money asked back of
// an arrived instruction (a reason, an amount), until it is back.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Flex, Form, Input, InputNumber, Modal, Select, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FILE_PATHS, type UploadedFile } from '@hqt/contract/files';
import { APPLY_FLOW } from '@hqt/contract/apply';
import { OFFER_FLOW, OFFER_STATUS_LIST, PAYMENT_FLOW, PAYMENT_STATUS_LIST, PAYOUT_LIMITS, PAYOUT_MSG, RECOVERY_FLOW, type Batch, type Candidate, type Offer, type OfferStatus, type Payment, type PaymentStatus, type Recovery } from '@hqt/contract/payout';
import { http } from '@/shared/api/http';
import { toast } from '@/shared/ui/feedback';
import { FileButton } from '@/shared/upload/attachments';
import { authorise, batchFileUrl, importReturn, markRecovered, payDirectly, payoutConsoleQueries, raiseRecovery, recordRelease, sendBatch } from '../api/payout-api';

const TABS = { auto: '免申即享', payable: '待拨付', ledger: '支付台账', batches: '财政批次', recoveries: '资金追回' } as const;
type Tab = keyof typeof TABS;
const isTab = (v: string | null): v is Tab => v !== null && v in TABS;

export default function PayoutsPage() {
  const [params, setParams] = useSearchParams();
  const tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'payable';
  return (
    <Card title="资金拨付">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'auto', label: TABS.auto, children: <AutoTab /> },
          { key: 'payable', label: TABS.payable, children: <PayableTab /> },
          { key: 'ledger', label: TABS.ledger, children: <LedgerTab /> },
          { key: 'batches', label: TABS.batches, children: <BatchesTab /> },
          { key: 'recoveries', label: TABS.recoveries, children: <RecoveriesTab /> },
        ]}
      />
    </Card>
  );
}

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: payoutConsoleQueries.all() });
};

/** Runs a console write, shows the server's words, refreshes the lists; false when it failed (the HTTP client has said why). */
async function run(write: () => Promise<{ msg: string }>, refresh: () => Promise<unknown>): Promise<boolean> {
  try {
    const { msg } = await write();
    void toast.success(msg);
    await refresh();
    return true;
  } catch {
    return false;
  }
}

function AutoTab() {
  const [status, setStatus] = useState<OfferStatus | ''>('');
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery(payoutConsoleQueries.offers({ currentPage: page, pageSize: 50, ...(status ? { status } : {}) }));
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const refresh = useRefresh();
  const columns: TableColumnsType<Offer> = [
    { title: '申报指南', dataIndex: 'guideTitle' },
    { title: '企业名称', dataIndex: 'enterpriseName' },
    { title: '预计金额', dataIndex: 'amountText' },
    { title: '状态', dataIndex: 'statusLabel', render: (v: string, o) => <Tag color={o.status === 'confirmed' ? 'success' : o.status === 'told' ? 'processing' : 'default'}>{v}</Tag> },
    { title: '确认截止', dataIndex: 'expiresAt', render: (v: string) => dayjs(new Date(v).getTime() - 1).format('YYYY-MM-DD') },
    { title: '申报编号', key: 'application', render: (_, o) => (o.applicationNumber ? `${o.applicationNumber}（${APPLY_FLOW.states[o.applicationStatus as keyof typeof APPLY_FLOW.states] ?? ''}）` : '—') },
  ];
  const counts = data?.counts ?? {};
  // Only confirmed ones still 拟支持 go on from here (to 待拨付; the others wait for a 公示 in 公示管理).
  const movable = (o: Offer) => o.applicationId !== null && o.applicationStatus === 'approved';
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} wrap gap={8}>
        <Select
          aria-label="免申即享状态"
          value={status}
          style={{ width: 200 }}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[{ value: '', label: '全部' }, ...OFFER_STATUS_LIST.map((s) => ({ value: s, label: `${OFFER_FLOW.states[s]}（${counts[s] ?? 0}）` }))]}
        />
        <Button
          type="primary"
          disabled={!chosen.length}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            const ids = (data?.list ?? []).filter((o) => chosen.includes(o.id) && movable(o)).map((o) => o.applicationId!);
            if (await run(() => payDirectly(ids), refresh)) setChosen([]);
            setBusy(false);
          }}
        >{`免于公示，直接拨付（${chosen.length}）`}</Button>
      </Flex>
      <Typography.Paragraph type="secondary">政策计算器按企业已有数据匹配符合条件的企业并通知确认；确认的项目可在「公示管理」中公示，或免于公示直接转入待拨付。</Typography.Paragraph>
      <Table
        rowKey="id"
        loading={isLoading}
        columns={columns}
        dataSource={data?.list ?? []}
        rowSelection={{ selectedRowKeys: chosen, onChange: (k) => setChosen(k as number[]), getCheckboxProps: (o) => ({ disabled: !movable(o) }) }}
        pagination={{ current: page, pageSize: 50, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description="暂无免申即享事项" /> }}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}

interface ReleaseValues {
  docNumber: string;
  docDate: Dayjs;
  fund: string;
}

function PayableTab() {
  const { data, isLoading } = useQuery(payoutConsoleQueries.payable());
  const [chosen, setChosen] = useState<number[]>([]);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ReleaseValues>();
  const [saving, setSaving] = useState(false);
  const refresh = useRefresh();
  const columns: TableColumnsType<Candidate> = [
    { title: '申报编号', dataIndex: 'number' },
    { title: '企业名称', dataIndex: 'enterpriseName' },
    { title: '申报指南', dataIndex: 'guideTitle' },
    { title: '本次拨付', dataIndex: 'partLabel' },
    { title: '本次金额（万元）', dataIndex: 'amount', align: 'right' },
  ];
  const submit = async () => {
    let v: ReleaseValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    const done = await run(() => recordRelease({ docNumber: v.docNumber.trim(), docDate: v.docDate.format('YYYY-MM-DD'), fund: v.fund.trim(), applicationIds: chosen }), refresh);
    setSaving(false);
    if (done) {
      setOpen(false);
      setChosen([]);
    }
  };
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} wrap gap={8}>
        <Typography.Text type="secondary">公示期满无异议（或异议不成立）的项目；登记资金下达文件后生成支付指令。</Typography.Text>
        <Button type="primary" disabled={!chosen.length} onClick={() => setOpen(true)}>{`资金下达（${chosen.length}）`}</Button>
      </Flex>
      <Table rowKey="applicationId" loading={isLoading} columns={columns} dataSource={data ?? []} rowSelection={{ selectedRowKeys: chosen, onChange: (k) => setChosen(k as number[]) }} pagination={{ pageSize: 20, hideOnSinglePage: true }} locale={{ emptyText: <Empty description="暂无待拨付项目" /> }} scroll={{ x: 'max-content' }} />
      <Modal open={open} title="登记资金下达" okText="生成支付指令" onOk={() => void submit()} confirmLoading={saving} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form form={form} layout="vertical" initialValues={{ docDate: dayjs(), fund: '工业发展专项资金' }}>
          <Form.Item name="docNumber" label="下达文号" rules={[{ required: true, whitespace: true, message: '请填写资金下达文号' }]}>
            <Input maxLength={PAYOUT_LIMITS.docNumber} placeholder="如 云工信〔2026〕12号" />
          </Form.Item>
          <Form.Item name="docDate" label="下达日期" rules={[{ required: true, message: PAYOUT_MSG.docDate }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="fund" label="资金名称" rules={[{ required: true, whitespace: true, message: '请填写资金名称' }]}>
            <Input maxLength={PAYOUT_LIMITS.fund} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

const COLOURS: Record<PaymentStatus, string> = { pending: 'warning', authorised: 'processing', sent: 'blue', paid: 'green', confirmed: 'success', returned: 'error', reissued: 'default' };
export const PaymentTag = ({ status }: { status: string }) => <Tag color={COLOURS[status as PaymentStatus] ?? 'default'}>{PAYMENT_FLOW.states[status as PaymentStatus] ?? status}</Tag>;

function LedgerTab() {
  const [status, setStatus] = useState<PaymentStatus | ''>('pending');
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery(payoutConsoleQueries.payments({ currentPage: page, pageSize: 50, ...(status ? { status } : {}) }));
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const refresh = useRefresh();
  const act = async (write: () => Promise<{ msg: string }>) => {
    setBusy(true);
    if (await run(write, refresh)) setChosen([]);
    setBusy(false);
  };
  const [recovering, setRecovering] = useState<Payment | null>(null);
  const rows = data?.list ?? [];
  const picked = rows.filter((r) => chosen.includes(r.id));
  const columns: TableColumnsType<Payment> = [
    { title: '指令编号', dataIndex: 'key' },
    { title: '类型', dataIndex: 'partLabel' },
    { title: '企业名称', dataIndex: 'enterpriseName' },
    { title: '申报指南', dataIndex: 'guideTitle' },
    { title: '金额（万元）', dataIndex: 'amount', align: 'right' },
    { title: '收款账户', key: 'account', render: (_, p) => `${p.bankAccount.bank} ${p.bankAccount.number}` },
    { title: '下达文号', dataIndex: 'docNumber' },
    { title: '状态', dataIndex: 'status', render: (v: string) => <PaymentTag status={v} /> },
    { title: '说明', key: 'note', render: (_, p) => p.returnReason ?? p.missingNote ?? (p.paidOn ? `到账 ${p.paidOn}` : '—') },
    { title: '操作', key: 'actions', render: (_, p) => (p.status === 'paid' || p.status === 'confirmed' ? <Button size="small" onClick={() => setRecovering(p)}>追回</Button> : null) },
  ];
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} wrap gap={8}>
        <Select
          aria-label="状态"
          value={status}
          style={{ width: 160 }}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
            setChosen([]);
          }}
          options={[{ value: '', label: '全部状态' }, ...PAYMENT_STATUS_LIST.map((s) => ({ value: s, label: PAYMENT_FLOW.states[s] }))]}
        />
        <Flex gap={8} wrap>
          <Button disabled={!picked.length || picked.some((p) => p.status !== 'pending')} loading={busy} onClick={() => void act(() => authorise(chosen))}>{`${PAYMENT_FLOW.steps.authorise.label}（${picked.length}）`}</Button>
          <Button type="primary" disabled={!picked.length || picked.some((p) => p.status !== 'authorised')} loading={busy} onClick={() => void act(() => sendBatch(chosen))}>{`提交财政（${picked.length}）`}</Button>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary">{PAYMENT_FLOW.steps.authorise.confirm}</Typography.Paragraph>
      <Table rowKey="id" loading={isLoading} columns={columns} dataSource={rows} rowSelection={{ selectedRowKeys: chosen, onChange: (k) => setChosen(k as number[]) }} pagination={{ current: page, pageSize: 50, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} />
      {recovering && <RecoveryDialog payment={recovering} onClose={() => setRecovering(null)} />}
    </>
  );
}

/** 追回 of an arrived instruction: the amount (within what is not yet asked back) and the reason the enterprise is told. */
function RecoveryDialog({ payment: p, onClose }: { payment: Payment; onClose: () => void }) {
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const [saving, setSaving] = useState(false);
  const refresh = useRefresh();
  const submit = async () => {
    let v: { amount: number; reason: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    if (await run(() => raiseRecovery({ paymentId: p.id, amount: v.amount, reason: v.reason.trim() }), refresh)) onClose();
    setSaving(false);
  };
  return (
    <Modal open title={`发起追回：${p.key}`} okText="发起追回" okButtonProps={{ danger: true }} onOk={() => void submit()} confirmLoading={saving} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{`${p.enterpriseName} · ${p.guideTitle} · 已支付 ${p.amount} 万元`}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="amount" label="追回金额（万元）" rules={[{ required: true, message: '请填写追回金额' }]}>
          <InputNumber min={0.0001} max={p.amount} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label="追回原因（企业可见）" rules={[{ required: true, whitespace: true, message: PAYOUT_MSG.recoveryReason }]}>
          <Input.TextArea rows={3} maxLength={PAYOUT_LIMITS.note} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RecoveriesTab() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery(payoutConsoleQueries.recoveries({ currentPage: page, pageSize: 20 }));
  const refresh = useRefresh();
  const columns: TableColumnsType<Recovery> = [
    { title: '支付指令', dataIndex: 'paymentKey' },
    { title: '企业名称', dataIndex: 'enterpriseName' },
    { title: '申报指南', dataIndex: 'guideTitle' },
    { title: '追回金额（万元）', dataIndex: 'amount', align: 'right' },
    { title: '原因', dataIndex: 'reason' },
    { title: '状态', dataIndex: 'statusLabel', render: (v: string, r) => <Tag color={r.status === 'open' ? 'warning' : 'success'}>{v}</Tag> },
    { title: '操作', key: 'actions', render: (_, r) => (r.status === 'open' ? <Button size="small" onClick={() => void run(() => markRecovered(r.id), refresh)}>{RECOVERY_FLOW.steps.recover.label}</Button> : r.recoveredAt ? dayjs(r.recoveredAt).format('YYYY-MM-DD') : null) },
  ];
  return <Table rowKey="id" loading={isLoading} columns={columns} dataSource={data?.list ?? []} pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }} locale={{ emptyText: <Empty description="暂无追回事项" /> }} scroll={{ x: 'max-content' }} />;
}

function BatchesTab() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery(payoutConsoleQueries.batches({ currentPage: page, pageSize: 20 }));
  const columns: TableColumnsType<Batch> = [
    { title: '批次编号', dataIndex: 'number' },
    { title: '提交时间', dataIndex: 'createdAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    { title: '条数', dataIndex: 'count', align: 'right' },
    { title: '金额（万元）', dataIndex: 'total', align: 'right' },
    { title: '到账 / 退回', key: 'result', render: (_, b) => `${b.paid} / ${b.returned}` },
    {
      title: '交换文件',
      key: 'files',
      render: (_, b) => (
        <Flex gap={12} wrap align="center">
          <FileButton file={{ name: `${b.number}.json`, url: batchFileUrl(b.id, 'json') }} label="导出 JSON" />
          <FileButton file={{ name: `${b.number}.xlsx`, url: batchFileUrl(b.id, 'xlsx') }} label="导出 Excel" />
          <ReturnUpload batch={b} />
        </Flex>
      ),
    },
  ];
  return <Table rowKey="id" loading={isLoading} columns={columns} dataSource={data?.list ?? []} pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }} locale={{ emptyText: <Empty description="暂无提交财政的批次" /> }} scroll={{ x: 'max-content' }} />;
}

/** 读入返回文件: the treasury's .json or .xlsx, uploaded through the files piece and read by its id. */
function ReturnUpload({ batch }: { batch: Batch }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefresh();
  const read = async (file: File) => {
    if (!/\.(json|xlsx)$/i.test(file.name)) return void toast.error(PAYOUT_MSG.returnFile);
    const form = new FormData();
    // The files piece proves a JSON file plain text by its bytes; its name keeps the .json.
    form.append('file', file, file.name);
    setBusy(true);
    try {
      const [uploaded] = await http.post<UploadedFile[]>(FILE_PATHS.upload, form);
      await run(() => importReturn(batch.id, uploaded!.id), refresh);
    } catch {
      // the HTTP client has shown why
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        style={{ display: 'none' }}
        accept=".json,.xlsx"
        aria-label={`读入 ${batch.number} 的返回文件`}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void read(f);
        }}
      />
      <Button size="small" loading={busy} onClick={() => input.current?.click()}>
        读入返回文件
      </Button>
    </>
  );
}
