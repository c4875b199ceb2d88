// 申请走访: the enterprise asks for a visit — whom for (when it has several), the subject, two or
// three times that suit it and what it wants to discuss — checked before sending with the
// contract's own messages; the server answers 「走访申请已提交，编号 ZF…」 and the visit opens.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Skeleton } from 'antd';
import { VISIT_LENGTH } from '@hqt/contract/visit';
import { useWrite } from '@/shared/lists/use-write';
import { toast } from '@/shared/ui/feedback';
import { enterprisesQuery } from '@/shared/api/enterprises';
import { requestVisit, visitQueries } from '../api/visit-api';
import { spanProblem } from '../ui/visit-status';
import { TimeRange, type Range } from './time-range';
import { NoEnterprise } from '@/shared/ui/no-enterprise';

/** What the server answers for each field (VisitRequestBody's errorMessage in the contract; its schema is not read at run time in the browser). */
const SAID = {
  enterpriseId: '企业不正确',
  subject: `走访主题不能为空，且不能超过 ${VISIT_LENGTH.subject} 个字`,
  preferredTimes: '请填写 2–3 个期望的走访时间',
  topics: `希望沟通的内容不能为空，且不能超过 ${VISIT_LENGTH.topics} 个字`,
} as const;
const said = (field: keyof typeof SAID) => SAID[field];

interface Values {
  enterpriseId?: number;
  subject?: string;
  times: Range[];
  topics?: string;
}

export function VisitRequestForm({ onDone }: { onDone: (id: number) => void }) {
  const [form] = Form.useForm<Values>();
  const { data: enterprises, isLoading } = useQuery(enterprisesQuery());
  const send = useWrite(requestVisit, [visitQueries.all()]);
  if (isLoading || !enterprises) return <Skeleton active />;
  if (enterprises.length === 0) {
    return (
      <NoEnterprise description="申请走访前，请先在政策计算中添加您的企业信息" />
    );
  }
  const finish = (v: Values) => {
    const preferredTimes = v.times.flatMap((t) => (t?.[0] && t[1] ? [{ start: t[0].toISOString(), end: t[1].toISOString() }] : []));
    send.mutate(
      { enterpriseId: v.enterpriseId ?? enterprises[0]!.id, subject: (v.subject ?? '').trim(), preferredTimes, topics: (v.topics ?? '').trim() },
      {
        onSuccess: (res) => {
          void toast.success(res.msg);
          onDone(res.visit.id);
        },
      },
    );
  };
  return (
    <Form<Values> form={form} layout="vertical" initialValues={{ enterpriseId: enterprises[0]!.id, times: [null, null] }} onFinish={finish}>
      {enterprises.length > 1 && (
        <Form.Item name="enterpriseId" label="申请企业" rules={[{ required: true, message: said('enterpriseId') }]}>
          <Select options={enterprises.map((e) => ({ value: e.id, label: e.name }))} />
        </Form.Item>
      )}
      <Form.Item name="subject" label="走访主题" rules={[{ required: true, whitespace: true, message: said('subject') }]}>
        <Input maxLength={VISIT_LENGTH.subject} showCount placeholder="如：新产线投产前的用工与用电问题" />
      </Form.Item>
      <Form.List
        name="times"
        rules={[
          {
            validator: async (_, times: Range[]) => {
              if (times.filter((t) => t?.[0] && t[1]).length < 2) throw new Error(said('preferredTimes'));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <div className="visit-times">
            {fields.map((field, i) => (
              <Form.Item key={field.key} label={`期望时间 ${i + 1}`} required={i < 2}>
                <div className="visit-time-row">
                  <Form.Item
                    name={field.name}
                    noStyle
                    rules={[
                      {
                        validator: async (_, value?: Range) => {
                          const [start, end] = value ?? [];
                          if (!start || !end) return;
                          const problem = spanProblem(start, end);
                          if (problem) throw new Error(problem);
                        },
                      },
                    ]}
                  >
                    <TimeRange label={`期望时间 ${i + 1}`} />
                  </Form.Item>
                  {i >= 2 && <Button type="text" icon={<DeleteOutlined />} aria-label="删除该时间" onClick={() => remove(field.name)} />}
                </div>
              </Form.Item>
            ))}
            {fields.length < 3 && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(null)} block>
                再添加一个期望时间
              </Button>
            )}
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
      <Form.Item name="topics" label="希望沟通的内容" rules={[{ required: true, whitespace: true, message: said('topics') }]}>
        <Input.TextArea rows={5} maxLength={VISIT_LENGTH.topics} showCount placeholder="希望了解的政策、遇到的困难或需要协调的事项" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={send.isPending} block>
        提交申请
      </Button>
    </Form>
  );
}
