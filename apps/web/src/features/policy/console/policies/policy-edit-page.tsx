// 新建/编辑政策文件: the text in a real rich-text editor (headings, lists, tables, links, images),
// 文号, department, level, dates and attachments. Saved as a draft; 发布 makes it the portal's.
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { PolicyInput } from '@hqt/contract/policy-console';
import { ADMIN_BASE } from '@/config/routes';
import { useDictionaries } from '@/shared/api/dictionaries';
import { toast } from '@/shared/ui/feedback';
import { consoleKeys } from '@/shared/console/console-api';
import { content } from '../../api/content-api';
import { EditFrame, idOf } from '@/shared/console/edit-frame';
import RichTextEditor from '@/shared/editor/rich-text-editor';

type PolicyForm = Omit<PolicyInput, 'publishDate' | 'expiryDate'> & { publishDate: Dayjs; expiryDate: Dayjs | null };

const LIST = `${ADMIN_BASE}/policies`;
const EMPTY: Partial<PolicyForm> = { contentHtml: '', interpretationHtml: '', attachments: [], publishDate: dayjs(), expiryDate: null };

export default function PolicyEditPage() {
  const id = idOf(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PolicyForm>();
  const [saving, setSaving] = useState(false);
  const dicts = useDictionaries(['department', 'policyLevel']);
  const { data: item, isLoading, isError } = useQuery({
    queryKey: [...consoleKeys.area('policy'), 'item', id],
    queryFn: () => content('policy').read(id!),
    enabled: typeof id === 'number' && !Number.isNaN(id),
  });

  useEffect(() => {
    if (item) form.setFieldsValue({ ...item, publishDate: dayjs(item.publishDate), expiryDate: item.expiryDate ? dayjs(item.expiryDate) : null });
  }, [item, form]);

  async function save() {
    let v: PolicyForm;
    try {
      v = await form.validateFields();
    } catch {
      return void toast.error('请检查表单中标红的项');
    }
    const input: PolicyInput = { ...v, publishDate: v.publishDate.format('YYYY-MM-DD'), expiryDate: v.expiryDate ? v.expiryDate.format('YYYY-MM-DD') : null, attachments: v.attachments ?? [] };
    setSaving(true);
    try {
      const saved = await content('policy').save(id, input);
      void toast.success('已保存');
      await queryClient.invalidateQueries({ queryKey: consoleKeys.area('policy') });
      if (id === null) void navigate(`${LIST}/${saved.id}`, { replace: true });
    } catch {
      // the HTTP client has shown why
    } finally {
      setSaving(false);
    }
  }

  return (
    <EditFrame steps={content('policy')} title={id === null ? '新建政策文件' : '编辑政策文件'} id={id} item={item} loading={isLoading && id !== null} missing={Number.isNaN(id) || isError} listPath={LIST} saving={saving} onSave={() => void save()}>
      <Form form={form} layout="vertical" initialValues={EMPTY} requiredMark>
        <Row gutter={16}>
          <Col xs={24} lg={16}>
            <Form.Item name="title" label="标题" rules={[{ required: true, min: 2, max: 200, message: '请填写标题（2-200 字）' }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item name="docNo" label="文号" rules={[{ required: true, max: 100, message: '请填写文号' }]}>
              <Input maxLength={100} placeholder="如 云工信发〔2026〕9号" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="department" label="发文部门" rules={[{ required: true, message: '请选择发文部门' }]}>
              <Select options={dicts.options('department')} showSearch optionFilterProp="label" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="level" label="政策层级" rules={[{ required: true, message: '请选择政策层级' }]}>
              <Select options={dicts.options('policyLevel')} />
            </Form.Item>
          </Col>
          <Col xs={12} lg={6}>
            <Form.Item name="publishDate" label="发布日期" rules={[{ required: true, message: '请选择发布日期' }]}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} lg={6}>
            <Form.Item
              name="expiryDate"
              label="失效日期"
              dependencies={['publishDate']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: Dayjs | null) => (!v || v.isAfter(getFieldValue('publishDate') as Dayjs, 'day') ? Promise.resolve() : Promise.reject(new Error('失效日期须晚于发布日期'))),
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} placeholder="长期有效" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="contentHtml" label="正文" rules={[{ required: true, message: '请填写正文' }]}>
          <RichTextEditor aria-label="正文" placeholder="政策原文" />
        </Form.Item>
        <Form.Item name="interpretationHtml" label="政策解读">
          <RichTextEditor aria-label="政策解读" placeholder="可选：面向企业的解读" />
        </Form.Item>
        <Form.List name="attachments">
          {(fields, { add, remove }) => (
            <Form.Item label="附件">
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap style={{ display: 'flex', marginBottom: 8 }}>
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, message: '请填写附件名称' }]} noStyle>
                    <Input placeholder="附件名称" style={{ width: 220 }} maxLength={200} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'url']} rules={[{ required: true, pattern: /^(https?:\/\/|\/uploads\/)/, message: '附件地址须以 http(s):// 开头，或为已上传的文件' }]} noStyle>
                    <Input placeholder="https://…" style={{ width: 320 }} maxLength={1000} />
                  </Form.Item>
                  <MinusCircleOutlined aria-label="删除附件" onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', url: '' })} disabled={fields.length >= 20}>
                添加附件
              </Button>
            </Form.Item>
          )}
        </Form.List>
      </Form>
    </EditFrame>
  );
}
