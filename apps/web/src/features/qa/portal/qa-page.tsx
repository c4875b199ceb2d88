// 政策问答 (docs/qa.md): a question box with examples; the answer composed from the cited clauses,
// each quoted with its 文号 and place and linked to the policy page at that clause (已失效 / 尚未施行
// said beside it); with one of the account's enterprises chosen, the calculator's word on the guides
// those clauses belong to; 有用 / 没用 on each answer; when no text answers, 转人工: 提交诉求 or the
// bureau's phone. The account's own questions below, after login.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Input, List, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ROLES } from '@hqt/contract/auth';
import { appealFromQuestionLink, CLAUSE_VALIDITY, PASSAGE_KINDS, QA_LENGTH, QA_MSG, type AskAnswer } from '@hqt/contract/qa';
import { enterprisesQuery } from '@/shared/api/enterprises';
import { usePageTitle } from '@/shared/lib/page-title';
import { useSession } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';
import { askQuestion, markAnswer, qaQueries } from '../api/qa-api';

const EXAMPLES = ['我们去年研发投入800万，能多扣除多少？', '专精特新认定下来县里奖多少？', '技改补助要交哪些材料？', '招了应届毕业生有社保补贴吗？'];
const VERDICT_COLORS: Record<string, string> = { eligible: 'success', oneShort: 'warning', ineligible: 'default', missing: 'processing' };
/** A visitor's question is no account's: after login the form opens empty. */
const APPEAL_PAGE = '/enterpriseDemands/enterpriseDemands?new=1';

function AnswerCard({ answer, signedIn }: { answer: AskAnswer; signedIn: boolean }) {
  const [marked, setMarked] = useState<boolean | null>(null);
  const mark = useMutation({
    mutationFn: (useful: boolean) => markAnswer({ id: answer.id, key: answer.key, useful }),
    onSuccess: (_, useful) => {
      setMarked(useful);
      void toast.success(QA_MSG.feedbackThanks);
    },
  });
  return (
    <Card className="qa-answer" title={answer.answered ? '回答' : '没有找到答案'}>
      {answer.answered ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{answer.answer}</Typography.Paragraph>
      ) : (
        <Alert
          type="info"
          showIcon
          message={QA_MSG.notAnswered}
          description={
            <Space direction="vertical">
              <span>{QA_MSG.askHuman}</span>
              <Space wrap>
                <Link to={signedIn ? appealFromQuestionLink(answer.id) : APPEAL_PAGE}>
                  <Button type="primary">{signedIn ? '转人工：提交诉求' : '登录后转人工：提交诉求'}</Button>
                </Link>
                <a href={`tel:${answer.phone}`}>咨询电话 {answer.phone}</a>
              </Space>
            </Space>
          }
        />
      )}

      {answer.guides.length > 0 && (
        <>
          <Typography.Title level={5}>相关申报指南</Typography.Title>
          <List
            size="small"
            dataSource={answer.guides}
            renderItem={(g) => (
              <List.Item>
                <Space direction="vertical" size={2}>
                  <Space wrap>
                    <Link to={`/policyMarket/policyMarket?guide=${g.id}`}>{g.title}</Link>
                    {g.verdictLabel && <Tag color={VERDICT_COLORS[g.verdict ?? '']}>{g.verdictLabel}</Tag>}
                  </Space>
                  {g.reasons && g.reasons.length > 0 && <Typography.Text type="secondary">{g.verdict === 'oneShort' ? `还差：${g.reasons.join('；')}` : g.reasons.join('；')}</Typography.Text>}
                  {g.verdict === 'eligible' && g.amountText && <Typography.Text type="secondary">估算：{g.amountText}</Typography.Text>}
                </Space>
              </List.Item>
            )}
          />
        </>
      )}

      {answer.citations.length > 0 && (
        <>
          <Typography.Title level={5}>引用条款</Typography.Title>
          <List
            dataSource={answer.citations}
            renderItem={(c) => (
              <List.Item>
                <Space direction="vertical" size={4} style={{ width: '100%' }}>
                  <Space wrap>
                    <Link to={c.link}>
                      《{c.policyTitle}》{c.clause}
                    </Link>
                    <Tag>{PASSAGE_KINDS[c.kind]}</Tag>
                    {c.validity !== 'current' && <Tag color="red">{CLAUSE_VALIDITY[c.validity]}</Tag>}
                  </Space>
                  <Typography.Text type="secondary">{c.docNo}</Typography.Text>
                  <blockquote className="qa-quote" style={{ margin: 0, paddingLeft: 12, borderLeft: '3px solid #d9d9d9', whiteSpace: 'pre-line' }}>
                    {c.quote}
                  </blockquote>
                </Space>
              </List.Item>
            )}
          />
        </>
      )}

      <Flex gap={8} align="center" wrap>
        <Typography.Text type="secondary">这个回答对您有帮助吗？</Typography.Text>
        <Button size="small" type={marked === true ? 'primary' : 'default'} loading={mark.isPending && mark.variables === true} onClick={() => mark.mutate(true)}>
          有用
        </Button>
        <Button size="small" type={marked === false ? 'primary' : 'default'} loading={mark.isPending && mark.variables === false} onClick={() => mark.mutate(false)}>
          没用
        </Button>
      </Flex>
    </Card>
  );
}

export default function QaPage() {
  usePageTitle('政策问答');
  const isEnterprise = useSession((s) => s.roles.includes(ROLES.enterprise.name));
  const { data: enterprises = [] } = useQuery({ ...enterprisesQuery(), enabled: isEnterprise });
  const { data: history = [], refetch } = useQuery({ ...qaQueries.history(), enabled: isEnterprise });
  const [question, setQuestion] = useState('');
  const [enterpriseId, setEnterpriseId] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (q: string) => askQuestion({ question: q, ...(enterpriseId ? { enterpriseId } : {}) }),
    onSuccess: () => void (isEnterprise && refetch()),
  });

  const submit = (q = question) => {
    const trimmed = q.trim();
    if (trimmed.length < QA_LENGTH.minQuestion || trimmed.length > QA_LENGTH.question) {
      setProblem(QA_MSG.questionLength);
      return;
    }
    setProblem(null);
    setQuestion(trimmed);
    send.mutate(trimmed);
  };

  return (
    <Flex vertical gap={16}>
      <Card title="政策问答">
        <Typography.Paragraph type="secondary">用您自己的话提问，回答引用已发布政策文件的原文条款；没有条款能回答时，会如实告诉您并可转人工。</Typography.Paragraph>
        <Flex vertical gap={8}>
          {isEnterprise && enterprises.length > 0 && (
            <Select
              allowClear
              placeholder="选择企业，按企业情况测算（可选）"
              aria-label="按企业测算"
              value={enterpriseId}
              onChange={(v?: number) => setEnterpriseId(v)}
              options={enterprises.map((e) => ({ value: e.id, label: e.name }))}
              style={{ maxWidth: 420 }}
            />
          )}
          <Input.TextArea
            aria-label="您的问题"
            value={question}
            maxLength={QA_LENGTH.question}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="例如：我们去年研发投入800万，能多扣除多少？"
            status={problem ? 'error' : undefined}
            onChange={(e) => setQuestion(e.target.value)}
            onPressEnter={(e) => {
              if (!e.shiftKey) {
                e.preventDefault();
                submit();
              }
            }}
          />
          {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
          <Flex gap={8} wrap align="center">
            <Button type="primary" loading={send.isPending} onClick={() => submit()}>
              提问
            </Button>
            <Typography.Text type="secondary">试试：</Typography.Text>
            {EXAMPLES.map((q) => (
              <Button key={q} size="small" type="link" onClick={() => submit(q)}>
                {q}
              </Button>
            ))}
          </Flex>
        </Flex>
      </Card>

      {send.data && <AnswerCard key={send.data.id} answer={send.data} signedIn={isEnterprise} />}

      {isEnterprise && (
        <Card title="我的提问" size="small">
          {history.length === 0 ? (
            <Empty description="还没有提问" />
          ) : (
            <List
              size="small"
              dataSource={history}
              renderItem={(h) => (
                <List.Item actions={[<Button key="again" type="link" size="small" onClick={() => submit(h.question)}>再问一次</Button>]}>
                  <Space wrap>
                    <span>{h.question}</span>
                    {!h.answered && <Tag>未能回答</Tag>}
                    {h.useful === true && <Tag color="success">有用</Tag>}
                    {h.useful === false && <Tag color="warning">没用</Tag>}
                  </Space>
                </List.Item>
              )}
            />
          )}
        </Card>
      )}
    </Flex>
  );
}
