// 我的订阅: what the account follows. "符合我企业条件的政策" is a switch (the calculator's reverse list
// decides); the rest are added one at a time, each with the control its kind needs.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, List, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, type DictType, type TopicSummary } from '@hqt/contract/policy';
import { KEYWORD_LENGTH, MAX_SUBSCRIPTIONS, PUSH_MSG, SUBSCRIPTION_KINDS, type Subscription, type SubscriptionKind } from '@hqt/contract/push';
import { useDictionaries } from '@/shared/api/dictionaries';
import { http } from '@/shared/api/http';
import { useWrite } from '@/shared/lists/use-write';
import { toast } from '@/shared/ui/feedback';
import { cancelSubscription, pushQueries, subscribe } from '../api/push-api';

type AddableKind = Exclude<SubscriptionKind, 'qualified'>;
const DICT_OF: Partial<Record<AddableKind, DictType>> = { supportType: 'supportType', industry: 'industry', department: 'department' };
const ADDABLE: AddableKind[] = ['keyword', 'supportType', 'industry', 'department', 'topic'];
const KIND_COLORS: Record<SubscriptionKind, string> = { qualified: 'gold', topic: 'purple', supportType: 'blue', industry: 'cyan', department: 'geekblue', keyword: 'green' };

const topicsQuery = {
  queryKey: ['push', 'topic-options'],
  queryFn: () => http.post<PageOf<TopicSummary>>(POLICY_PATHS.topicPage, { currentPage: 1, pageSize: 100 }),
  staleTime: 5 * 60_000,
};

function AddSubscription({ full }: { full: boolean }) {
  const [kind, setKind] = useState<AddableKind>('keyword');
  const [value, setValue] = useState<string | undefined>();
  const dicts = useDictionaries(['supportType', 'industry', 'department']);
  const { data: topics } = useQuery({ ...topicsQuery, enabled: kind === 'topic' });
  const add = useWrite(subscribe, [pushQueries.all()]);
  const dict = DICT_OF[kind];
  const keywordLength = kind === 'keyword' ? [...(value ?? '').trim()].length : 0;
  const keywordBad = kind === 'keyword' && keywordLength > 0 && (keywordLength < KEYWORD_LENGTH.min || keywordLength > KEYWORD_LENGTH.max);

  const submit = () =>
    add.mutate(
      { kind, value: value?.trim() ?? '' },
      {
        onSuccess: () => {
          void toast.success(PUSH_MSG.subscribed);
          setValue(undefined);
        },
      },
    );

  const options = dict ? dicts.options(dict) : kind === 'topic' ? (topics?.list ?? []).map((t) => ({ value: String(t.id), label: t.title })) : [];
  return (
    <Form layout="inline" className="push-add" onFinish={submit}>
      <Form.Item label="订阅">
        <Select
          aria-label="订阅类型"
          style={{ width: 120 }}
          value={kind}
          onChange={(k: AddableKind) => {
            setKind(k);
            setValue(undefined);
          }}
          options={ADDABLE.map((k) => ({ value: k, label: SUBSCRIPTION_KINDS[k] }))}
        />
      </Form.Item>
      <Form.Item validateStatus={keywordBad ? 'error' : undefined} help={keywordBad ? PUSH_MSG.keywordLength : undefined}>
        {kind === 'keyword' ? (
          <Input
            aria-label="订阅内容"
            placeholder="如：研发、技术改造、专精特新"
            maxLength={KEYWORD_LENGTH.max}
            showCount
            style={{ width: 240 }}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        ) : (
          <Select
            aria-label="订阅内容"
            placeholder={`请选择${SUBSCRIPTION_KINDS[kind]}`}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 240 }}
            value={value}
            onChange={setValue}
            options={options}
            notFoundContent={kind === 'topic' ? '暂无政策专题' : undefined}
          />
        )}
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending} disabled={full || !value?.trim() || keywordBad}>
          订阅
        </Button>
      </Form.Item>
      {full && <Typography.Text type="warning">{PUSH_MSG.tooMany}</Typography.Text>}
    </Form>
  );
}

export function Subscriptions() {
  const { data: list = [], isLoading } = useQuery(pushQueries.subscriptions());
  const add = useWrite(subscribe, [pushQueries.all()]);
  const cancel = useWrite(cancelSubscription, [pushQueries.all()]);
  const qualified = list.find((s) => s.kind === 'qualified');
  const others = list.filter((s) => s.kind !== 'qualified');

  const toggleQualified = (on: boolean) =>
    on ? add.mutate({ kind: 'qualified', value: '' }, { onSuccess: () => void toast.success(PUSH_MSG.subscribed) }) : qualified && cancel.mutate(qualified.id, { onSuccess: () => void toast.success(PUSH_MSG.cancelled) });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" className="push-qualified">
        <Space align="start">
          <Switch checked={Boolean(qualified)} loading={isLoading || add.isPending || cancel.isPending} onChange={toggleQualified} aria-label={SUBSCRIPTION_KINDS.qualified} />
          <div>
            <Typography.Text strong>{SUBSCRIPTION_KINDS.qualified}</Typography.Text>
            <div>
              <Typography.Text type="secondary">按您在“政策计算”中填写的企业信息，新政策发布、开始申报和截止前 3 天，凡您的企业符合条件的都会通知您。</Typography.Text>
            </div>
          </div>
        </Space>
      </Card>
      <Card size="small" title={`我的订阅（${list.length}/${MAX_SUBSCRIPTIONS}）`}>
        <AddSubscription full={list.length >= MAX_SUBSCRIPTIONS} />
        {others.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有订阅。可以按关键词、扶持方式、行业、发文部门或政策专题订阅" />
        ) : (
          <List
            className="push-subscriptions"
            dataSource={others}
            rowKey="id"
            renderItem={(s: Subscription) => (
              <List.Item
                actions={[
                  <Popconfirm key="cancel" title={`取消订阅「${s.label}」？`} okText="取消订阅" cancelText="保留" onConfirm={() => cancel.mutateAsync(s.id).then(() => void toast.success(PUSH_MSG.cancelled))}>
                    <Button type="link" size="small" danger>
                      取消订阅
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <Space>
                  <Tag color={KIND_COLORS[s.kind as SubscriptionKind]}>{s.kindLabel}</Tag>
                  <span>{s.label}</span>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
}
