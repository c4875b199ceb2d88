// 问答知识库's 常见问题: what staff write so a question often asked is answered in the bureau's words —
// its other wordings, the answer, the published policy and clause it rests on, who keeps it and when
// it is reviewed (those due are listed first and marked). Ranked with the clauses (docs/qa.md).
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { QA_FAQ_LENGTH, QA_FAQ_MSG, type Faq } from '@hqt/contract/qa';
import { useWrite } from '@/shared/lists/use-write';
import { toast } from '@/shared/ui/feedback';
import { deleteFaq, qaConsoleQueries, saveFaq } from '../api/qa-console-api';

interface Values {
  question: string;
  variants: string[];
  answer: string;
  policyId: number;
  clause: string;
  reviewOn: Dayjs;
}

function FaqDialog({ faq, onClose }: { faq: Faq | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { data: policies = [] } = useQuery(qaConsoleQueries.policies());
  const save = useWrite(saveFaq, [qaConsoleQueries.all()]);
  const initial: Partial<Values> =
    faq === 'new'
      ? { variants: [], clause: '', reviewOn: dayjs().add(6, 'month') }
      : { ...faq, reviewOn: dayjs(faq.reviewOn) };
  const finish = (v: Values) =>
    save.mutate(
      { id: faq === 'new' ? null : faq.id, question: v.question, variants: v.variants, answer: v.answer, policyId: v.policyId, clause: v.clause ?? '', reviewOn: v.reviewOn.format('YYYY-MM-DD') },
      {
        onSuccess: () => {
          void toast.success(QA_FAQ_MSG.saved);
          onClose();
        },
      },
    );
  return (
    <Modal open title={faq === 'new' ? '新建常见问题' : '修改常见问题'} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} okText="保存" destroyOnHidden>
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={finish}>
        <Form.Item name="question" label="问题" rules={[{ required: true, min: 2, max: QA_FAQ_LENGTH.question, message: `问题应为 2–${QA_FAQ_LENGTH.question} 个字` }]}>
          <Input maxLength={QA_FAQ_LENGTH.question} />
        </Form.Item>
        <Form.Item name="variants" label="其他问法" extra={`企业可能的其他说法，回车添加，最多 ${QA_FAQ_LENGTH.variants} 条`}>
          <Select mode="tags" open={false} maxCount={QA_FAQ_LENGTH.variants} aria-label="其他问法" />
        </Form.Item>
        <Form.Item name="answer" label="答案" rules={[{ required: true, min: 2, max: QA_FAQ_LENGTH.answer, message: `答案应为 2–${QA_FAQ_LENGTH.answer} 个字` }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={QA_FAQ_LENGTH.answer} showCount />
        </Form.Item>
        <Form.Item name="policyId" label="依据的政策文件" rules={[{ required: true, message: '请选择依据的政策文件' }]}>
          <Select showSearch optionFilterProp="label" aria-label="依据的政策文件" options={policies.map((p) => ({ value: p.id, label: `${p.title}（${p.docNo}）` }))} />
        </Form.Item>
        <Form.Item name="clause" label="依据条款" extra="按原文所印，如“第五条”：回答会链接到该条">
          <Input maxLength={QA_FAQ_LENGTH.clause} />
        </Form.Item>
        <Form.Item name="reviewOn" label="复核日期" rules={[{ required: true, message: '请选择复核日期' }]}>
          <DatePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function FaqsPanel() {
  const { data: faqs = [], isFetching } = useQuery(qaConsoleQueries.faqs());
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const remove = useWrite(deleteFaq, [qaConsoleQueries.all()]);
  const columns: TableColumnsType<Faq> = [
    {
      title: '问题',
      dataIndex: 'question',
      render: (q: string, f) => (
        <Space direction="vertical" size={0}>
          <span>{q}</span>
          {f.variants.length > 0 && <Typography.Text type="secondary">也问：{f.variants.join('；')}</Typography.Text>}
        </Space>
      ),
    },
    { title: '依据', key: 'basis', render: (_: unknown, f) => `${f.docNo} ${f.clause}` },
    { title: '负责人', dataIndex: 'owner' },
    { title: '复核日期', dataIndex: 'reviewOn', render: (d: string, f) => (f.reviewDue ? <Tag color="warning">{d} 待复核</Tag> : d) },
    {
      title: '操作',
      key: 'actions',
      render: (_: unknown, f) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(f)}>
            修改
          </Button>
          <Popconfirm title="删除这条常见问题？" onConfirm={() => remove.mutate(f.id, { onSuccess: () => void toast.success(QA_FAQ_MSG.deleted) })}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card
      title="常见问题"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新建常见问题
        </Button>
      }
    >
      <Table<Faq> rowKey="id" columns={columns} dataSource={faqs} loading={isFetching} pagination={false} scroll={{ x: 'max-content' }} size="middle" />
      {editing && <FaqDialog faq={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
