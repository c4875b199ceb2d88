import { Card, Col, Row } from 'antd';
import { Link } from 'react-router';
import { MENU } from '@/config/routes';

const BLURBS: Record<string, string> = {
  '/policyCalculation/policyCalculation': '输入企业信息，测算可享受的政策与扶持金额',
  '/policyPush/policyPush': '订阅关注的政策，新政发布实时提醒',
  '/policyMarket/policyMarket': '检索政策文件与申报指南',
  '/enterpriseDemands/enterpriseDemands': '向工信局提出诉求，限时办结、全程可查',
  '/policyTopics/policyTopics': '按主题汇集的政策专题',
  '/enterCode/enterCode': '一企一码，扫码查看企业名片',
};

/** Home: an entry tile for each service (the counters and lists come with the policy market). */
export default function HomePage() {
  return (
    <>
      <h1 style={{ fontSize: 24, margin: '8px 0 20px' }}>惠企通 · 一站式惠企政策服务</h1>
      <Row gutter={[16, 16]}>
        {MENU.filter((p) => p.path !== '/').map((p) => (
          <Col key={p.path} xs={24} sm={12} lg={8}>
            <Link to={p.path}>
              <Card hoverable title={p.title}>
                {BLURBS[p.path]}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}
