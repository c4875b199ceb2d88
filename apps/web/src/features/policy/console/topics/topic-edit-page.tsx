// 新建/编辑政策专题: name, summary, cover (a colour or an uploaded image), active period, order,
// and its guides chosen and ordered by drag and drop.
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, DatePicker, Flex, Form, Input, InputNumber, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { TopicInput } from '@hqt/contract/policy-console';
import { ADMIN_BASE } from '@/config/routes';
import { toast } from '@/shared/ui/feedback';
import { consoleKeys } from '@/shared/console/console-api';
import { content } from '../../api/content-api';
import { IMAGE_ACCEPT, uploadImages, uploadProblem } from '@/shared/upload/upload-images';
import { EditFrame, idOf } from '@/shared/console/edit-frame';
import { TopicMembers, type Member } from './topic-members';

type TopicForm = Omit<TopicInput, 'startsAt' | 'endsAt' | 'guideIds'> & { period: [Dayjs, Dayjs | null] };

const LIST = `${ADMIN_BASE}/topics`;
const DEFAULT_COVER = '#1658d8';

/** The cover: a colour, or an image uploaded through the editor's endpoint (same limits). */
function CoverField({ value = DEFAULT_COVER, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const isImage = value.startsWith('/uploads/');
  async function upload(files: File[]) {
    const problem = uploadProblem(files.slice(0, 1));
    if (problem) return void toast.error(problem);
    setBusy(true);
    try {
      const [image] = await uploadImages(files.slice(0, 1));
      if (image) onChange?.(image.url);
    } catch {
      // the HTTP client has shown why
    } finally {
      setBusy(false);
    }
  }
  return (
    <Flex gap={12} align="center" wrap>
      <div className="topic-cover-preview" style={isImage ? { backgroundImage: `url(${value})` } : { background: value }} aria-label="封面预览" role="img" />
      {/* The browser's own colour picker: antd's would weigh on every page's first load (shared chunks). */}
      <label className="topic-cover-colour">
        颜色
        <input type="color" value={isImage ? DEFAULT_COVER : value} onChange={(e) => onChange?.(e.target.value)} aria-label="封面颜色" />
      </label>
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
        上传封面图
      </Button>
      <input ref={input} type="file" accept={IMAGE_ACCEPT} style={{ display: 'none' }} onChange={(e) => void upload([...(e.target.files ?? [])]).finally(() => (e.target.value = ''))} />
    </Flex>
  );
}

export default function TopicEditPage() {
  const id = idOf(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TopicForm>();
  // The members as edited; until the first edit, the saved ones.
  const [edited, setMembers] = useState<Member[] | null>(null);
  const [saving, setSaving] = useState(false);
  const { data: item, isLoading, isError } = useQuery({
    queryKey: [...consoleKeys.area('topic'), 'item', id],
    queryFn: () => content('topic').read(id!),
    enabled: typeof id === 'number' && !Number.isNaN(id),
  });

  useEffect(() => {
    if (!item) return;
    form.setFieldsValue({ ...item, period: [dayjs(item.startsAt), item.endsAt ? dayjs(item.endsAt) : null] });
  }, [item, form]);
  const members = edited ?? item?.guides ?? [];

  async function save() {
    let v: TopicForm;
    try {
      v = await form.validateFields();
    } catch {
      return void toast.error('请检查表单中标红的项');
    }
    const { period, ...rest } = v;
    const input: TopicInput = { ...rest, sort: rest.sort ?? 0, startsAt: period[0].toISOString(), endsAt: period[1] ? period[1].toISOString() : null, guideIds: members.map((m) => m.id) };
    setSaving(true);
    try {
      const saved = await content('topic').save(id, input);
      void toast.success('已保存');
      await queryClient.invalidateQueries({ queryKey: consoleKeys.area('topic') });
      if (id === null) void navigate(`${LIST}/${saved.id}`, { replace: true });
    } catch {
      // the HTTP client has shown why
    } finally {
      setSaving(false);
    }
  }

  return (
    <EditFrame steps={content('topic')} title={id === null ? '新建政策专题' : '编辑政策专题'} id={id} item={item} loading={isLoading && id !== null} missing={Number.isNaN(id) || isError} listPath={LIST} saving={saving} onSave={() => void save()}>
      <Form form={form} layout="vertical" initialValues={{ cover: DEFAULT_COVER, sort: 0, summary: '', period: [dayjs(), null] }}>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Form.Item name="title" label="专题名称" rules={[{ required: true, min: 2, max: 100, message: '请填写专题名称（2-100 字）' }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={9}>
            <Form.Item name="period" label="有效期（结束可不填）" rules={[{ required: true, message: '请选择开始时间' }]}>
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty={[false, true]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={3}>
            <Form.Item name="sort" label="排序（小的在前）">
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="summary" label="专题简介" rules={[{ max: 1000, message: '专题简介不超过 1000 字' }]}>
              <Input.TextArea rows={2} maxLength={1000} showCount />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="cover" label="封面">
              <CoverField />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={`专题中的申报指南（${members.length} 项，拖动调整顺序）`}>
          <TopicMembers members={members} onChange={setMembers} />
        </Form.Item>
      </Form>
    </EditFrame>
  );
}
