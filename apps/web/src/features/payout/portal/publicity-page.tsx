// 公示公告 (/publicity, open to visitors): the open and past 公示, newest first; `?id=N` opens one —
// its list (enterprise, project, amount, nothing else of the enterprise), its period and how to
// object. 提出异议 on an entry is a real-name form: name, phone, the facts, the evidence, and for a
// unit its name and stamped letter — checked with the server's own words before anything is sent.
// Signed in, the evidence is the account's upload and the written answer reaches its messages; a
// visitor without an account uploads under a claim, answers a captcha, and looks the answer up by
// the objection's number and phone (查询异议结果 on the list).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, List, Modal, Radio, Result, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FILE_MSG, type UploadedFile } from '@hqt/contract/files';
import { OWN_MSG } from '@hqt/contract/messages';
import { PAYOUT_LIMITS, PAYOUT_MSG, publicityLink, type MyObjection, type PublicityDetail, type Publicity } from '@hqt/contract/payout';
import { PHONE_PATTERN } from '@hqt/contract/validation';
import { idInAddress } from '@/shared/lib/address-id';
import { useSession } from '@/shared/session/session-store';
import { CaptchaField, useCaptcha } from '@/shared/ui/captcha-field';
import { toast } from '@/shared/ui/feedback';
import { AttachmentField, useVisitorUpload } from '@/shared/upload/attachments';
import { fileObjection, lookupObjection, payoutQueries } from '../api/payout-api';

export const PUBLICITY_PAGE = '/publicity';

const period = (p: Publicity) => `${p.startsOn} 至 ${p.endsOn}（${p.days} 个工作日）`;
const StateTag = ({ p }: { p: Publicity }) => <Tag color={p.open ? 'processing' : 'default'}>{p.stateLabel}</Tag>;

export default function PublicityPage() {
  const [params] = useSearchParams();
  const id = idInAddress(params.get('id'));
  return id ? <OnePublicity id={id} /> : <AllPublicities />;
}

function AllPublicities() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery(payoutQueries.publicities({ currentPage: page, pageSize: 10 }));
  return (
    <Card title="公示公告">
      <Typography.Paragraph type="secondary">政策申兑拟支持项目在此公示；公示期内，对名单有异议的，可对具体项目实名提出。</Typography.Paragraph>
      <List
        loading={isLoading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无公示" /> }}
        pagination={data && data.total > 10 ? { current: page, pageSize: 10, total: data.total, onChange: setPage } : false}
        renderItem={(p) => (
          <List.Item extra={<StateTag p={p} />}>
            <List.Item.Meta
              title={<Link to={publicityLink(p.id)}>{p.title}</Link>}
              description={`${p.number} · 公示期 ${period(p)} · ${p.count} 个项目，合计 ${p.total} 万元`}
            />
          </List.Item>
        )}
      />
      <ObjectionLookup />
    </Card>
  );
}

/** 查询异议结果: a visitor's objection by its number and the phone given with it. */
function ObjectionLookup() {
  const [found, setFound] = useState<MyObjection | null>(null);
  const [missing, setMissing] = useState(false);
  const [looking, setLooking] = useState(false);
  const look = async (v: { number: string; phone: string }) => {
    setLooking(true);
    try {
      setFound(await lookupObjection({ number: v.number.trim(), phone: v.phone.trim() }));
      setMissing(false);
    } catch {
      setFound(null);
      setMissing(true);
    } finally {
      setLooking(false);
    }
  };
  return (
    <Card type="inner" title="查询异议结果" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">未登录提出的异议，凭异议编号和提交时填写的联系电话查询核查结论；登录后提出的，结论见消息中心和「我的异议」。</Typography.Paragraph>
      <Form layout="inline" onFinish={(v) => void look(v)} style={{ rowGap: 8 }}>
        <Form.Item name="number" label="异议编号" rules={[{ required: true, whitespace: true, message: '请填写异议编号' }]}>
          <Input maxLength={20} placeholder="YY20261204-0001" style={{ width: 190 }} />
        </Form.Item>
        <Form.Item name="phone" label="联系电话" rules={[{ required: true, pattern: new RegExp(PHONE_PATTERN), message: '请填写提交时的联系电话' }]}>
          <Input maxLength={11} inputMode="tel" style={{ width: 190 }} />
        </Form.Item>
        <Button htmlType="submit" loading={looking}>
          查询
        </Button>
      </Form>
      {missing && <Alert type="warning" showIcon style={{ marginTop: 12 }} message={PAYOUT_MSG.lookupNotFound} />}
      {found && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 12 }}
          items={[
            { key: 'what', label: '异议', children: `${found.number}（${found.kindLabel}）· ${found.enterpriseName} · ${found.guideTitle}` },
            { key: 'state', label: '核查状态', children: found.statusLabel },
            { key: 'outcome', label: '核查结论', children: found.outcome ?? '核查中，结论将在此公布' },
          ]}
        />
      )}
    </Card>
  );
}

function OnePublicity({ id }: { id: number }) {
  const { data: p, isLoading, isError } = useQuery(payoutQueries.publicity(id));
  const [objecting, setObjecting] = useState<PublicityDetail['entries'][number] | null>(null);
  if (isLoading) return <Card title="公示公告"><Skeleton active /></Card>;
  if (isError || !p) return <Card title="公示公告"><Empty description={PAYOUT_MSG.notFound}><Link to={PUBLICITY_PAGE}>返回公示列表</Link></Empty></Card>;
  const object = (entry: PublicityDetail['entries'][number]) => setObjecting(entry);
  const columns: TableColumnsType<PublicityDetail['entries'][number]> = [
    { title: '序号', key: 'n', width: 64, render: (_, __, i) => i + 1 },
    { title: '企业名称', dataIndex: 'enterpriseName' },
    { title: '项目（申报指南）', dataIndex: 'guideTitle' },
    { title: '拟支持金额（万元）', dataIndex: 'amount', align: 'right' },
    ...(p.open ? [{ title: '异议', key: 'object', render: (_: unknown, e: PublicityDetail['entries'][number]) => <Button size="small" onClick={() => object(e)} aria-label={`对${e.enterpriseName}提出异议`}>提出异议</Button> }] : []),
  ];
  return (
    <Card title={p.title} extra={<Link to={PUBLICITY_PAGE}>全部公示</Link>}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'number', label: '公示编号', children: p.number },
          { key: 'state', label: '状态', children: <StateTag p={p} /> },
          { key: 'period', label: '公示期', children: period(p) },
          { key: 'bureau', label: '公示单位', children: p.bureau },
        ]}
      />
      <Alert type="info" showIcon style={{ margin: '12px 0' }} message="异议须知" description={p.rules} />
      {!p.open && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={p.stateLabel === '已结束' ? PAYOUT_MSG.ended(p.endsOn) : PAYOUT_MSG.notStarted(p.startsOn)} />}
      <Table rowKey="id" size="middle" columns={columns} dataSource={p.entries} pagination={p.entries.length > 50 ? { pageSize: 50 } : false} scroll={{ x: 'max-content' }} />
      {objecting && <ObjectionDialog publicity={p} entry={objecting} onClose={() => setObjecting(null)} />}
    </Card>
  );
}

interface Values {
  as: 'person' | 'unit';
  name: string;
  phone: string;
  unitName?: string;
  letter?: UploadedFile[];
  facts: string;
  evidence?: UploadedFile[];
  vierifyCode?: string;
}

function ObjectionDialog({ publicity, entry, onClose }: { publicity: PublicityDetail; entry: PublicityDetail['entries'][number]; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const asUnit = Form.useWatch('as', form) === 'unit';
  // A visitor without an account: uploads under a claim, a captcha, and the number to look the answer up by.
  const visitor = useSession((s) => s.accessToken === null);
  const uploads = useVisitorUpload();
  const { ref: captchaRef, onIndex, codeIndex, refresh: newCaptcha } = useCaptcha();
  const [filedNumber, setFiledNumber] = useState<string | null>(null);
  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return; // each field says why under it
    }
    setSaving(true);
    try {
      const unit = v.as === 'unit';
      const body = {
        publicityId: publicity.id,
        entryId: entry.id,
        name: v.name.trim(),
        phone: v.phone.trim(),
        facts: v.facts.trim(),
        evidence: (v.evidence ?? []).map((f) => f.id),
        ...(unit ? { unitName: v.unitName?.trim() ?? '', ...(v.letter?.[0] ? { letterFileId: v.letter[0].id } : {}) } : {}),
      };
      if (!visitor) {
        void toast.success((await fileObjection(body)).msg);
        return onClose();
      }
      const claim = uploads.claim();
      if (!claim) return void toast.error(FILE_MSG.unavailable);
      const { objection } = await fileObjection({ ...body, claim, vierifyCode: v.vierifyCode?.trim() ?? '', codeIndex: codeIndex() });
      setFiledNumber(objection.number);
    } catch {
      // the HTTP client has shown the server's reason; a captcha is used once
      if (visitor) newCaptcha();
    } finally {
      setSaving(false);
    }
  };
  if (filedNumber)
    return (
      <Modal open title="异议已提交" footer={<Button type="primary" onClick={onClose}>我已记下编号</Button>} onCancel={onClose} destroyOnHidden>
        <Result status="success" title={`异议编号 ${filedNumber}`} subTitle="请牢记异议编号。核查结论将在公示公告页的「查询异议结果」中，凭编号和您填写的联系电话查询。" />
      </Modal>
    );
  const told = visitor ? '您未登录：提交后请牢记异议编号，凭编号和联系电话在公示公告页查询核查结论。' : '核查结论将通过消息中心书面告知您，也可在「我的异议」中查看。';
  return (
    <Modal open title={`提出异议：${entry.enterpriseName}`} okText="提交异议" onOk={() => void submit()} confirmLoading={saving} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{`项目：${entry.guideTitle}（拟支持 ${entry.amount} 万元）。您的身份仅工作人员可见，不会告知被公示单位；${told}`}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ as: 'person' }} requiredMark>
        <Form.Item name="as" label="以何种名义提出">
          <Radio.Group options={[{ value: 'person', label: '个人' }, { value: 'unit', label: '单位' }]} />
        </Form.Item>
        <Form.Item name="name" label="真实姓名" rules={[{ required: true, whitespace: true, min: 2, message: PAYOUT_MSG.anonymous }]}>
          <Input maxLength={PAYOUT_LIMITS.name} autoComplete="name" />
        </Form.Item>
        <Form.Item name="phone" label="联系电话" rules={[{ required: true, pattern: new RegExp(PHONE_PATTERN), message: PAYOUT_MSG.anonymous }]}>
          <Input maxLength={11} inputMode="tel" autoComplete="tel" />
        </Form.Item>
        {asUnit && (
          <>
            <Form.Item name="unitName" label="单位名称" rules={[{ required: true, whitespace: true, message: '请填写单位名称' }]}>
              <Input maxLength={PAYOUT_LIMITS.unit} />
            </Form.Item>
            <Form.Item name="letter" label="加盖单位公章的书面异议材料" rules={[{ required: true, type: 'array', min: 1, message: PAYOUT_MSG.unitLetter }]}>
              <AttachmentField label="上传盖章材料" {...(visitor ? { upload: uploads.upload } : {})} />
            </Form.Item>
          </>
        )}
        <Form.Item name="facts" label="异议事实和理由" rules={[{ required: true, whitespace: true, min: 10, message: PAYOUT_MSG.factsRequired }]}>
          <Input.TextArea rows={4} maxLength={PAYOUT_LIMITS.facts} />
        </Form.Item>
        <Form.Item name="evidence" label="证明材料" rules={[{ required: true, type: 'array', min: 1, message: PAYOUT_MSG.evidenceRequired }]}>
          <AttachmentField label="上传证明材料" {...(visitor ? { upload: uploads.upload } : {})} />
        </Form.Item>
        {visitor && (
          <Form.Item name="vierifyCode" label="验证码" rules={[{ required: true, whitespace: true, message: OWN_MSG.captchaRequired }]}>
            <CaptchaField ref={captchaRef} onIndex={onIndex} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
