// 工作台: each service's card of what waits for staff (FeatureModule.workbench), in the order of the
// feature list. Later services add their queues as their own cards (appeals near their due date,
// visits this week). Plain elements: the cards bring their own antd parts.
import { Suspense } from 'react';
import { useWorkbenchCards } from '../site-context';

export default function WorkbenchPage() {
  const workbenchCards = useWorkbenchCards();
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      {workbenchCards.map((Card, i) => (
        <Suspense key={i} fallback={null}>
          <Card />
        </Suspense>
      ))}
    </div>
  );
}
