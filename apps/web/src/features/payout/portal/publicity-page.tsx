// 公示公告 (/publicity, open to visitors): the open and past 公示, newest first; `?id=N` opens one —
// its list (enterprise, project, amount, nothing else of the enterprise), its period and how to
// object. 提出异议 on an entry asks a login (the evidence is uploaded and the written answer reaches
// the account), then a real-name form: name, phone, the facts, the evidence, and for a unit its
// name and stamped letter — checked with the server's own words before anything is sent.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, List, Modal, Radio, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROLES } from '@hqt/contract/auth';
import type { UploadedFile } from '@hqt/contract/files';
import { PAYOUT_LIMITS, PAYOUT_MSG, publicityLink, type PublicityDetail, type Publicity } from '@hqt/contract/payout';
import { PHONE_PATTERN } from '@hqt/contract/validation';
import { LOGIN_PATH } from '@/config/routes';
import { idInAddress } from '@/shared/lib/address-id';
import { useSession } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';
import { AttachmentField } from '@/shared/upload/attachments';
import { fileObjection, payoutQueries } from '../api/payout-api';

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
    </Card>
  );
}

function OnePublicity({ id }: { id: number }) {
  const { data: p, isLoading, isError } = useQuery(payoutQueries.publicity(id));
  const [objecting, setObjecting] = useState<PublicityDetail['entries'][number] | null>(null);
  const signedIn = useSession((s) => s.accessToken !== null && s.roles.includes(ROLES.enterprise.name));
  const navigate = useNavigate();
  if (isLoading) return <Card title="公示公告"><Skeleton active /></Card>;
  if (isError || !p) return <Card title="公示公告"><Empty description={PAYOUT_MSG.notFound}><Link to={PUBLICITY_PAGE}>返回公示列表</Link></Empty></Card>;
  const object = (entry: PublicityDetail['entries'][number]) => {
    if (!signedIn) return void navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(publicityLink(p.id))}`);
    setObjecting(entry);
  };
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
}

function ObjectionDialog({ publicity, entry, onClose }: { publicity: PublicityDetail; entry: PublicityDetail['entries'][number]; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const asUnit = Form.useWatch('as', form) === 'unit';
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
      const { msg } = await fileObjection({
        publicityId: publicity.id,
        entryId: entry.id,
        name: v.name.trim(),
        phone: v.phone.trim(),
        facts: v.facts.trim(),
        evidence: (v.evidence ?? []).map((f) => f.id),
        ...(unit ? { unitName: v.unitName?.trim() ?? '', ...(v.letter?.[0] ? { letterFileId: v.letter[0].id } : {}) } : {}),
      });
      void toast.success(msg);
      onClose();
    } catch {
      // the HTTP client has shown the server's reason
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={`提出异议：${entry.enterpriseName}`} okText="提交异议" onOk={() => void submit()} confirmLoading={saving} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">项目：{entry.guideTitle}（拟支持 {entry.amount} 万元）。您的身份仅工作人员可见，不会告知被公示单位；核查结论将通过消息中心书面告知您，也可在「我的异议」中查看。</Typography.Paragraph>
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
              <AttachmentField label="上传盖章材料" />
            </Form.Item>
          </>
        )}
        <Form.Item name="facts" label="异议事实和理由" rules={[{ required: true, whitespace: true, min: 10, message: PAYOUT_MSG.factsRequired }]}>
          <Input.TextArea rows={4} maxLength={PAYOUT_LIMITS.facts} />
        </Form.Item>
        <Form.Item name="evidence" label="证明材料" rules={[{ required: true, type: 'array', min: 1, message: PAYOUT_MSG.evidenceRequired }]}>
          <AttachmentField label="上传证明材料" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
