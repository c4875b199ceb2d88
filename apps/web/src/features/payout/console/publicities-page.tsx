// 公示管理 (/admin/publicities): every 公示, newest first, and 发起公示 — the 拟支持 applications not
// yet listed, chosen, with a title, a first day and the working days it runs (default 7). `?id=N`
// opens one: its list with each application's state and objections, and every objection with the
// objector's identity (staff only) and the written decision on the workflow kit: 异议成立 (不予支持,
// or back to 复审) or 不成立.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Empty, Flex, Form, Input, InputNumber, List, Modal, Radio, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OBJECTION_FLOW, PUBLICITY_FLOW, PAYOUT_LIMITS, PAYOUT_MSG, PUBLICITY_DAYS, type Candidate, type ConsolePublicity, type DecideBody, type ObjectionItem, type Publicity } from '@hqt/contract/payout';
import { idInAddress } from '@/shared/lib/address-id';
import { toast } from '@/shared/ui/feedback';
import { FileButton } from '@/shared/upload/attachments';
import { WorkflowTimeline } from '@/shared/ui/workflow-timeline';
import { StepButtons, type StepValues } from '@/shared/workflow/step-dialog';
import { decideObjection, payoutConsoleQueries, publishPublicity } from '../api/payout-api';
import { PUBLICITIES_PAGE } from './paths';

export default function PublicitiesPage() {
  const [params] = useSearchParams();
  const id = idInAddress(params.get('id'));
  return id ? <OnePublicity id={id} /> : <AllPublicities />;
}

function AllPublicities() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const { data, isLoading } = useQuery(payoutConsoleQueries.publicities({ currentPage: page, pageSize: 20 }));
  const columns: TableColumnsType<Publicity> = [
    { title: '公示编号', dataIndex: 'number', render: (v: string, p) => <Link to={`${PUBLICITIES_PAGE}?id=${p.id}`}>{v}</Link> },
    { title: '标题', dataIndex: 'title', render: (v: string, p) => <Link to={`${PUBLICITIES_PAGE}?id=${p.id}`}>{v}</Link> },
    { title: '公示期', key: 'period', render: (_, p) => `${p.startsOn} 至 ${p.endsOn}` },
    { title: '项目数', dataIndex: 'count', align: 'right' },
    { title: '金额（万元）', dataIndex: 'total', align: 'right' },
    { title: '状态', dataIndex: 'stateLabel', render: (v: string, p) => <Tag color={p.open ? 'processing' : 'default'}>{v}</Tag> },
  ];
  return (
    <Card title="公示管理" extra={<Button type="primary" onClick={() => setCreating(true)}>发起公示</Button>}>
      <Table rowKey="id" loading={isLoading} columns={columns} dataSource={data?.list ?? []} pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} />
      {creating && <PublishDialog onClose={() => setCreating(false)} />}
    </Card>
  );
}

interface PublishValues {
  title: string;
  startsOn: Dayjs;
  days: number;
}

function PublishDialog({ onClose }: { onClose: () => void }) {
  const { data: candidates, isLoading } = useQuery(payoutConsoleQueries.approved());
  const [chosen, setChosen] = useState<number[]>([]);
  const [form] = Form.useForm<PublishValues>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const submit = async () => {
    let v: PublishValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!chosen.length) return void toast.error(PAYOUT_MSG.noEntries);
    setSaving(true);
    try {
      const { msg } = await publishPublicity({ title: v.title.trim(), applicationIds: chosen, startsOn: v.startsOn.format('YYYY-MM-DD'), days: v.days });
      void toast.success(msg);
      await queryClient.invalidateQueries({ queryKey: payoutConsoleQueries.all() });
      onClose();
    } catch {
      // the HTTP client has shown why (a start in the past, an application no longer 拟支持)
    } finally {
      setSaving(false);
    }
  };
  const columns: TableColumnsType<Candidate> = [
    { title: '申报编号', dataIndex: 'number' },
    { title: '企业名称', dataIndex: 'enterpriseName' },
    { title: '申报指南', dataIndex: 'guideTitle' },
    { title: '核定金额（万元）', dataIndex: 'amount', align: 'right' },
  ];
  return (
    <Modal open width={860} title="发起公示" okText="发布公示" onOk={() => void submit()} confirmLoading={saving} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ title: `${dayjs().year()} 年政策申兑拟支持项目公示`, startsOn: dayjs(), days: PUBLICITY_DAYS }}>
        <Form.Item name="title" label="公示标题" rules={[{ required: true, whitespace: true, message: '请填写公示标题' }]}>
          <Input maxLength={PAYOUT_LIMITS.title} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="startsOn" label="公示开始日期（工作日）" rules={[{ required: true, message: '请选择公示开始日期' }]}>
            <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
          </Form.Item>
          <Form.Item name="days" label="公示期（工作日）" rules={[{ required: true, message: '公示期应为 5–30 个工作日' }]}>
            <InputNumber min={5} max={30} precision={0} />
          </Form.Item>
        </Flex>
      </Form>
      <Typography.Paragraph type="secondary">选择要公示的拟支持项目（已选 {chosen.length} 项）：</Typography.Paragraph>
      <Table
        rowKey="applicationId"
        size="small"
        loading={isLoading}
        columns={columns}
        dataSource={candidates ?? []}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]) }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description="暂无待公示的拟支持项目" /> }}
        scroll={{ x: 'max-content' }}
      />
    </Modal>
  );
}

function OnePublicity({ id }: { id: number }) {
  const { data: p, isLoading } = useQuery(payoutConsoleQueries.publicity(id));
  const { data: objections } = useQuery(payoutConsoleQueries.objections({ currentPage: 1, pageSize: 100, publicityId: id }));
  if (isLoading || !p) return <Card title="公示详情"><Skeleton active /></Card>;
  const columns: TableColumnsType<ConsolePublicity['entries'][number]> = [
    { title: '申报编号', dataIndex: 'applicationNumber' },
    { title: '企业名称', dataIndex: 'enterpriseName' },
    { title: '项目（申报指南）', dataIndex: 'guideTitle' },
    { title: '金额（万元）', dataIndex: 'amount', align: 'right' },
    { title: '申报状态', dataIndex: 'applicationStatusLabel' },
    { title: '异议', key: 'objections', render: (_, e) => (e.objections ? `${e.objections} 件（待核查 ${e.openObjections}）` : '—') },
  ];
  return (
    <Flex vertical gap={16}>
      <Card title={p.title} extra={<Link to={PUBLICITIES_PAGE}>返回公示列表</Link>}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 3 }}
          items={[
            { key: 'number', label: '公示编号', children: p.number },
            { key: 'period', label: '公示期', children: `${p.startsOn} 至 ${p.endsOn}（${p.days} 个工作日）` },
            { key: 'state', label: '状态', children: p.stateLabel },
          ]}
        />
        <Table rowKey="id" size="small" columns={columns} dataSource={p.entries} pagination={false} scroll={{ x: 'max-content' }} style={{ marginTop: 12 }} />
      </Card>
      <Card title="异议与举报">
        <List dataSource={objections?.list ?? []} locale={{ emptyText: <Empty description="暂无异议" /> }} renderItem={(o) => <ObjectionRow objection={o} />} />
      </Card>
      <Card title="办理记录">
        <WorkflowTimeline entries={p.timeline} stepLabel={(s) => PUBLICITY_FLOW.steps[s as keyof typeof PUBLICITY_FLOW.steps]?.label ?? s} empty="暂无办理记录" />
      </Card>
    </Flex>
  );
}

interface DecideValues extends StepValues {
  outcome?: DecideBody['outcome'];
}

function ObjectionRow({ objection: o }: { objection: ObjectionItem }) {
  const { data: full } = useQuery(payoutConsoleQueries.objection(o.id));
  const shown = full ?? o;
  return (
    <List.Item>
      <Flex vertical gap={6} style={{ width: '100%' }}>
        <Flex gap={8} wrap align="center">
          <Typography.Text strong>{`${shown.kindLabel} ${shown.number}`}</Typography.Text>
          <Tag>{shown.statusLabel}</Tag>
          <Typography.Text type="secondary">{`对 ${shown.enterpriseName}（${shown.applicationNumber}） · ${dayjs(shown.createdAt).format('YYYY-MM-DD HH:mm')}`}</Typography.Text>
        </Flex>
        <Typography.Text>{`异议人：${shown.objector.name}，${shown.objector.phone}${shown.objector.unitName ? `，${shown.objector.unitName}` : ''}（账号 ${shown.objector.account}；仅工作人员可见）`}</Typography.Text>
        <Typography.Paragraph style={{ margin: 0 }}>{shown.facts}</Typography.Paragraph>
        <Flex gap={12} wrap>
          {shown.files.map((f) => (
            <FileButton key={f.id} file={f} label={`${f.role}：${f.name}`} />
          ))}
        </Flex>
        {shown.outcome && <Typography.Text>{`核查结论：${shown.outcome}`}</Typography.Text>}
        {full && (
          <StepButtons<'uphold' | 'dismiss', DecideBody, { objection: ObjectionItem; msg: string }, DecideValues>
            flow={OBJECTION_FLOW}
            steps={full.steps}
            empty="已核查"
            title={(label) => `${label}：${full.number}`}
            write={(body) => decideObjection(full.id, body)}
            cache={{ detail: payoutConsoleQueries.objection(full.id).queryKey, answered: (r) => r.objection, service: payoutConsoleQueries.all() }}
            done={(label) => `${label}成功`}
            noteMax={PAYOUT_LIMITS.note}
            intro={(step, declared) => (step === 'uphold' ? '异议成立的，该项目退出公示名单，结论和理由告知企业（不含异议人身份）。' : declared)}
            fields={{
              uphold: {
                before: (
                  <Form.Item name="outcome" label="处理方式" rules={[{ required: true, message: PAYOUT_MSG.outcomeRequired }]}>
                    <Radio.Group options={[{ value: 'reject', label: '不予支持' }, { value: 'review', label: '退回复审' }]} />
                  </Form.Item>
                ),
                body: (v) => ({ outcome: v.outcome }),
              },
            }}
          />
        )}
      </Flex>
    </List.Item>
  );
}
