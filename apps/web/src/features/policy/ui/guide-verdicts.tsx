// A logged-in enterprise's own answer in a guide's drawer: for each of the account's enterprises,
// 符合 / 差一项 (which condition) / 缺少数据 / 不符合 (why) and the estimated amount, from the
// calculator's engine on the server (CALCULATOR_PATHS.checkGuide). A visitor or staff sees nothing.
import { useQuery } from '@tanstack/react-query';
import { List, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { ROLES } from '@hqt/contract/auth';
import { CALCULATOR_PATHS, REPORT_DISCLAIMER, type CheckGuideResponse, type GuideCheck } from '@hqt/contract/calculator';
import { http } from '@/shared/api/http';
import { useSession } from '@/shared/session/session-store';

export const guideCheckQuery = (guideId: number) => ({
  queryKey: ['calculator', 'check', guideId],
  queryFn: () => http.post<CheckGuideResponse>(CALCULATOR_PATHS.checkGuide, { guideId }),
});

const CALCULATOR_PAGE = '/policyCalculation/policyCalculation';

function verdictOf(c: GuideCheck): { label: string; color: string } {
  if (c.verdict === 'eligible') return { label: c.noApplication ? '符合（免申即享）' : '符合', color: 'success' };
  if (c.nearMiss) return { label: '差一项', color: 'orange' };
  return c.verdict === 'missing' ? { label: '缺少数据', color: 'warning' } : { label: '不符合', color: 'default' };
}

function Why({ c }: { c: GuideCheck }) {
  if (c.verdict === 'eligible') return <div>预计可享扶持：{c.amount === null ? c.amountText : `${c.amount} 万元（${c.amountText}）`}</div>;
  if (c.nearMiss) return <Typography.Text type="warning">还差：{c.nearMiss.text}</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {c.reasons.map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  );
}

export function GuideVerdicts({ guideId }: { guideId: number }) {
  const isEnterprise = useSession((s) => s.accessToken !== null && s.roles.includes(ROLES.enterprise.name));
  const { data } = useQuery({ ...guideCheckQuery(guideId), enabled: isEnterprise });
  if (!isEnterprise || !data?.list.length) return null;
  return (
    <section className="guide-verdicts" aria-label="本企业测算">
      <Typography.Title level={5}>本企业测算</Typography.Title>
      <List
        size="small"
        bordered
        dataSource={data.list}
        renderItem={(c) => {
          const v = verdictOf(c);
          return (
            <List.Item data-verdict={c.verdict}>
              <div style={{ width: '100%' }}>
                <Space wrap size={4}>
                  <strong>{c.enterpriseName}</strong>
                  <Tag color={v.color}>{v.label}</Tag>
                  {!c.complete && <Link to={`${CALCULATOR_PAGE}?enterprise=${c.enterpriseId}`}>完善企业信息</Link>}
                </Space>
                <Why c={c} />
              </div>
            </List.Item>
          );
        }}
      />
      <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
        按 {data.asOf} 的企业信息测算。{REPORT_DISCLAIMER}
      </Typography.Paragraph>
    </section>
  );
}
