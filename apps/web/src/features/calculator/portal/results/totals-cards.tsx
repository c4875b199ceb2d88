import { Card, Col, Row, Statistic } from 'antd';
import type { EvaluationTotals } from '@hqt/contract/calculator-engine';

/** An evaluation's four figures, today's or a saved snapshot's. */
export function TotalsCards({ totals }: { totals: EvaluationTotals }) {
  const figures = [
    { title: '符合条件的指南', value: totals.eligible, suffix: `/ ${totals.guides} 项` },
    { title: '预计可享扶持', value: totals.amount, suffix: '万元', precision: 2 },
    { title: '差一项即可符合', value: totals.nearMiss, suffix: '项' },
    { title: '免申即享（无需申报）', value: totals.noApplication, suffix: '项' },
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map((f) => (
        <Col key={f.title} xs={12} md={6}>
          <Card size="small">
            <Statistic {...f} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
