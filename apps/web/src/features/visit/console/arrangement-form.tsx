// 发起走访's form, and the arrangement a step sets (安排走访 an enterprise's request, 重新提议时间):
// type, method, time, place, the staff who go and their lead. BEFORE saving it asks the clash check
// for the chosen staff and time; clashing visits are listed with 「仍然保存」, which saves with
// `force: true` (the server's check is the same warning: docs/visit.md "Clashes").
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { VISIT_LENGTH, VISIT_MAX_STAFF, VISIT_METHOD_LIST, VISIT_METHODS, VISIT_MSG, type VisitClash, type VisitMethod } from '@hqt/contract/visit';
import { useDictionaries } from '@/shared/api/dictionaries';
import { checkClashes, visitPickQueries } from '../api/visit-console-api';
import { clashText } from './visit-ui';

export interface Arrangement {
  enterpriseId?: number;
  subject?: string;
  type: string;
  method: VisitMethod;
  startsAt: string;
  endsAt: string;
  place: string;
  staff: { accountId: number; lead: boolean }[];
}

interface Values {
  enterpriseId?: number;
  subject?: string;
  type?: string;
  method?: VisitMethod;
  time?: [Dayjs, Dayjs];
  place?: string;
  staffIds?: number[];
  leadId?: number;
}

export interface ArrangementInitial {
  type?: string | null;
  method?: string | null;
  startsAt?: string | null;
  endsAt?: string | null;
  place?: string | null;
  staff?: { id: number; lead: boolean }[];
}

function EnterprisePicker({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery(visitPickQueries.enterprises(keyword));
  return (
    <Select<number>
      aria-label="企业"
      placeholder="输入企业名称或信用代码搜索"
      showSearch={{ filterOption: false, onSearch: (k) => setKeyword(k.trim()) }}
      loading={isFetching}
      value={value}
      onChange={onChange}
      options={data ?? []}
      notFoundContent={isFetching ? '加载中…' : '没有匹配的企业'}
    />
  );
}

export function ArrangementForm({
  withEnterprise,
  initial,
  visitId,
  submitLabel,
  onSave,
}: {
  /** 发起走访: the enterprise and the subject too. */
  withEnterprise?: boolean;
  initial?: ArrangementInitial;
  /** The visit being rearranged, left out of its own clash. */
  visitId?: number;
  submitLabel: string;
  /** Resolves once saved; rejects (the HTTP client has shown why) to keep the form. */
  onSave: (a: Arrangement, force: boolean) => Promise<void>;
}) {
  const [form] = Form.useForm<Values>();
  const staffIds = Form.useWatch('staffIds', form);
  const { data: staffOptions } = useQuery(visitPickQueries.staff());
  const dicts = useDictionaries(['visitType']);
  const [clashes, setClashes] = useState<{ list: VisitClash[]; arrangement: Arrangement } | null>(null);
  const [saving, setSaving] = useState(false);

  const lead = initial?.staff?.find((s) => s.lead)?.id;
  const initialValues: Values = {
    type: initial?.type ?? undefined,
    method: (initial?.method as VisitMethod | undefined) ?? 'onsite',
    time: initial?.startsAt && initial.endsAt ? [dayjs(initial.startsAt), dayjs(initial.endsAt)] : undefined,
    place: initial?.place ?? undefined,
    staffIds: initial?.staff?.map((s) => s.id),
    leadId: lead,
  };

  async function save(a: Arrangement, force: boolean) {
    setSaving(true);
    try {
      await onSave(a, force);
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  }

  async function submit(v: Values) {
    const [start, end] = v.time!;
    const arrangement: Arrangement = {
      ...(withEnterprise ? { enterpriseId: v.enterpriseId, subject: v.subject?.trim() } : {}),
      type: v.type!,
      method: v.method!,
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      place: v.place!.trim(),
      staff: v.staffIds!.map((accountId) => ({ accountId, lead: accountId === v.leadId })),
    };
    setSaving(true);
    let found: VisitClash[];
    try {
      found = await checkClashes({ staffIds: v.staffIds!, startsAt: arrangement.startsAt, endsAt: arrangement.endsAt, ...(visitId ? { visitId } : {}) });
    } catch {
      setSaving(false);
      return;
    }
    setSaving(false);
    if (found.length) {
      setClashes({ list: found, arrangement });
      return;
    }
    await save(arrangement, false);
  }

  const chosen = (staffOptions ?? []).filter((o) => staffIds?.includes(o.value));
  return (
    <Form<Values> form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => void submit(v)} onValuesChange={() => setClashes(null)} style={{ maxWidth: 720 }}>
      {withEnterprise && (
        <>
          <Form.Item label="走访企业" name="enterpriseId" rules={[{ required: true, message: '请选择走访企业' }]}>
            <EnterprisePicker />
          </Form.Item>
          <Form.Item label="走访主题" name="subject" rules={[{ required: true, whitespace: true, message: '请填写走访主题' }]}>
            <Input maxLength={VISIT_LENGTH.subject} showCount placeholder="如：了解企业用工和融资需求" />
          </Form.Item>
        </>
      )}
      <Form.Item label="走访类型" name="type" rules={[{ required: true, message: '请选择走访类型' }]}>
        <Select aria-label="走访类型" placeholder="请选择走访类型" options={dicts.options('visitType')} loading={!dicts.ready} />
      </Form.Item>
      <Form.Item label="走访方式" name="method" rules={[{ required: true, message: '请选择走访方式' }]}>
        <Radio.Group optionType="button" options={VISIT_METHOD_LIST.map((m) => ({ value: m, label: VISIT_METHODS[m] }))} />
      </Form.Item>
      <Form.Item
        label="走访时间"
        name="time"
        rules={[
          { required: true, message: VISIT_MSG.timeRequired },
          { validator: (_, t?: [Dayjs, Dayjs]) => (!t || t[1].isAfter(t[0]) ? Promise.resolve() : Promise.reject(new Error(VISIT_MSG.timeOrder))) },
        ]}
      >
        <DatePicker.RangePicker aria-label="走访时间" showTime={{ format: 'HH:mm', minuteStep: 5 }} format="YYYY-MM-DD HH:mm" style={{ maxWidth: '100%' }} placeholder={['开始时间', '结束时间']} />
      </Form.Item>
      <Form.Item label="走访地点" name="place" rules={[{ required: true, whitespace: true, message: '请填写走访地点' }]}>
        <Input maxLength={VISIT_LENGTH.place} placeholder="实地走访填写地址；电话、视频填写联系方式或会议号" />
      </Form.Item>
      <Form.Item label="走访人员" name="staffIds" rules={[{ required: true, message: VISIT_MSG.staffRequired }]}>
        <Select<number[]> aria-label="走访人员" mode="multiple" maxCount={VISIT_MAX_STAFF} placeholder="请选择走访人员" showSearch={{ optionFilterProp: 'label' }} options={staffOptions ?? []} />
      </Form.Item>
      <Form.Item
        label="带队人员"
        name="leadId"
        dependencies={['staffIds']}
        rules={[
          // One rule, one message: with no staff chosen, 走访人员's own message (请选择走访人员，并指定一名
          // 带队人员) already asks for the lead, and this field stays quiet rather than say it again below.
          ({ getFieldValue }) => ({
            required: true,
            validator: (_, id?: number | null) => {
              const staff = (getFieldValue('staffIds') as number[] | undefined) ?? [];
              if (!staff.length || (id != null && staff.includes(id))) return Promise.resolve();
              return Promise.reject(new Error(VISIT_MSG.oneLead));
            },
          }),
        ]}
      >
        <Select<number> aria-label="带队人员" placeholder="从走访人员中选择一名带队人员" options={chosen} />
      </Form.Item>
      {clashes && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={VISIT_MSG.clash(clashes.list.length)}
          description={
            <>
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {clashes.list.map((c) => (
                  <li key={c.id}>
                    <Typography.Text>{clashText(c)}</Typography.Text>
                  </li>
                ))}
              </ul>
              <Flex gap={8} style={{ marginTop: 8 }}>
                <Button danger loading={saving} onClick={() => void save(clashes.arrangement, true)}>
                  仍然保存
                </Button>
                <Button onClick={() => setClashes(null)}>重新选择</Button>
              </Flex>
            </>
          }
        />
      )}
      <Button type="primary" htmlType="submit" loading={saving} disabled={clashes !== null}>
        {submitLabel}
      </Button>
    </Form>
  );
}
