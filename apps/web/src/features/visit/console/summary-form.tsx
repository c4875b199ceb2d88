// 走访纪要 (the lead's form, shown when the server lists `summarize`): what was discussed, the
// guides explained (the market's, searched), photos and files, and the problems raised — each
// becomes an appeal of 企业诉求 once. The problems already filed are listed with their appeals and
// are not sent again, nor are the files already attached: the form adds new ones.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import type { UploadedFile } from '@hqt/contract/files';
import { VISIT_LENGTH, VISIT_MAX_GUIDES, VISIT_MAX_PROBLEMS, type VisitDetail } from '@hqt/contract/visit';
import type { VisitSummaryBody } from '@hqt/contract/visit-console';
import { useStepWrite } from '@/shared/workflow/use-step-write';
import { AttachmentField } from '@/shared/upload/attachments';
import { toast } from '@/shared/ui/feedback';
import { saveVisitSummary, visitConsoleQueries, visitPickQueries } from '../api/visit-console-api';

interface ProblemValues {
  title?: string;
  content?: string;
  category?: string;
}
interface Values {
  content?: string;
  guideIds?: number[];
  files?: UploadedFile[];
  problems?: ProblemValues[];
}

function GuidePicker({ value, onChange, known }: { value?: number[]; onChange?: (v: number[]) => void; known: { value: number; label: string }[] }) {
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery(visitPickQueries.guides(keyword));
  const options = [...known, ...(data ?? []).filter((o) => !known.some((k) => k.value === o.value))];
  return (
    <Select<number[]>
      aria-label="讲解的申报指南"
      mode="multiple"
      maxCount={VISIT_MAX_GUIDES}
      placeholder="输入指南名称搜索"
      showSearch={{ filterOption: false, onSearch: (k) => setKeyword(k.trim()) }}
      loading={isFetching}
      value={value}
      onChange={onChange}
      options={options}
    />
  );
}

export function SummaryForm({ visit }: { visit: VisitDetail }) {
  const [form] = Form.useForm<Values>();
  const { data: categories } = useQuery(visitPickQueries.categories());
  const write = useStepWrite((body: VisitSummaryBody) => saveVisitSummary(visit.id, body), { detail: visitConsoleQueries.detail(visit.id).queryKey, answered: (a) => a.visit, service: visitConsoleQueries.all() });
  const room = VISIT_MAX_PROBLEMS - visit.problems.length;

  async function submit(v: Values) {
    const problems = (v.problems ?? []).map((p) => ({ title: p.title!.trim(), content: p.content!.trim(), category: p.category! }));
    const body: VisitSummaryBody = {
      content: v.content!.trim(),
      guideIds: v.guideIds ?? [],
      fileIds: (v.files ?? []).map((f) => f.id),
      ...(problems.length ? { problems } : {}),
    };
    try {
      const { msg } = await write.mutateAsync(body);
      void toast.success(msg || '走访纪要已保存');
      form.setFieldsValue({ problems: [], files: [] });
    } catch {
      // the HTTP client has shown the server's message
    }
  }

  return (
    <Card type="inner" title={visit.summary ? '修改走访纪要' : '填写走访纪要'}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ content: visit.summary ?? '', guideIds: visit.guides.map((g) => g.id), files: [], problems: [] }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item label="走访纪要" name="content" rules={[{ required: true, whitespace: true, message: '请填写走访纪要' }]}>
          <Input.TextArea rows={6} maxLength={VISIT_LENGTH.content} showCount placeholder="沟通了哪些内容、企业的意见和诉求" />
        </Form.Item>
        <Form.Item label="讲解的申报指南" name="guideIds">
          <GuidePicker known={visit.guides.map((g) => ({ value: g.id, label: g.title }))} />
        </Form.Item>
        <Form.Item label={visit.attachments.length ? '再添加照片或附件' : '照片和附件'} name="files">
          <AttachmentField label="上传照片或附件" />
        </Form.Item>
        <Form.List name="problems">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8} style={{ marginBottom: 16 }}>
              {fields.map((field, i) => (
                <Card key={field.key} size="small" title={`新提出的问题 ${i + 1}（保存后转为企业诉求）`} extra={<Button type="link" danger onClick={() => remove(field.name)}>删除</Button>}>
                  <Space.Compact block>
                    <Form.Item name={[field.name, 'category']} rules={[{ required: true, message: '请选择问题的诉求类别' }]} style={{ width: 160, marginBottom: 8 }}>
                      <Select aria-label={`问题 ${i + 1} 的诉求类别`} placeholder="诉求类别" options={categories ?? []} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'title']} rules={[{ required: true, whitespace: true, message: '请填写问题' }]} style={{ flex: 1, marginBottom: 8 }}>
                      <Input aria-label={`问题 ${i + 1}`} maxLength={VISIT_LENGTH.problemTitle} placeholder="问题（简要）" />
                    </Form.Item>
                  </Space.Compact>
                  <Form.Item name={[field.name, 'content']} rules={[{ required: true, whitespace: true, message: '请填写问题描述' }]} style={{ marginBottom: 0 }}>
                    <Input.TextArea aria-label={`问题 ${i + 1} 的描述`} rows={2} maxLength={VISIT_LENGTH.problemContent} placeholder="问题描述：企业遇到了什么、希望怎么解决" />
                  </Form.Item>
                </Card>
              ))}
              <Button onClick={() => add({})} disabled={fields.length >= room}>
                添加问题
              </Button>
            </Flex>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={write.isPending}>
          保存走访纪要
        </Button>
      </Form>
    </Card>
  );
}
