// The policy content's flow (policies, guides and topics alike): 草稿 → 已发布 → 已撤回 → 已发布,
// taken by 工作人员 and 管理员. A guide's own conditions (its policy published, itself complete) are
// the policy service's guard on top of the flow (apps/server/src/services/policy/console.ts).
import { CONTENT_STATUS } from './policy-console';
import { defineFlow } from './workflow';

export const CONTENT_FLOW = defineFlow({
  states: CONTENT_STATUS,
  steps: {
    create: { label: '新建', from: [], to: 'draft', roles: ['staff', 'admin'] },
    publish: { label: '发布', from: ['draft', 'withdrawn'], to: 'published', roles: ['staff', 'admin'] },
    withdraw: { label: '撤回', from: ['published'], to: 'withdrawn', roles: ['staff', 'admin'] },
  },
  initial: ['create'],
});
