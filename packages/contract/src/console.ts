// The staff console's shell (PRODUCT.md: the staff console; issue 10). Every console call lives
// under CONSOLE_PREFIX and admits 工作人员 and 管理员 (access 'staff') or 管理员 only ('admin'); no
// console route admits an enterprise token (docs/console.md). Each service's console calls, schemas
// and messages are in its own file: policy-console.ts (policies, guides, topics), account-console.ts
// (accounts, enterprises), dict-console.ts, audit.ts, upload.ts, push-console.ts (政策推送's results)
// and calculator-console.ts (the reverse list); none is imported by the portal, so its pages never
// carry the console's schemas. Here: the prefix, the 工作台 and the forms' field builders.
import Type from 'typebox';
import { MAX_INT } from './constants';

export const CONSOLE_PREFIX = '/api/console';

export const CONSOLE_PATHS = {
  workbench: `${CONSOLE_PREFIX}/workbench`,
} as const;

/** `/api/console/guides/:id` with its parameters filled in. */
export const consolePath = (path: string, params: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_m, key: string) => encodeURIComponent(String(params[key])));

// ---- the console forms' field builders -------------------------------------------------------------

export const IdField = (title = '编号') => Type.Integer({ title, minimum: 1, maximum: MAX_INT });
export const ConsoleIdParams = Type.Object({ id: IdField() });
export const TextField = (title: string, maxLength: number, minLength = 0) => Type.String({ title, maxLength, minLength });
export const KeywordField = Type.Optional(TextField('关键词', 50));
/** Who made or changed an item (null: nobody yet, or a deleted account). */
export const WhoField = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]);
export const InstantField = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

// ---- 工作台 --------------------------------------------------------------------------------------

export const Workbench = Type.Object({
  drafts: Type.Array(Type.Object({ kind: Type.Enum(['policy', 'guide', 'topic'] as const), id: Type.Integer(), title: Type.String(), updatedAt: Type.String({ format: 'date-time' }) })),
  closingThisWeek: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), windowEnd: Type.String({ format: 'date-time' }) })),
  figures: Type.Object({
    publishedPolicies: Type.Integer(),
    publishedGuides: Type.Integer(),
    openGuides: Type.Integer(),
    activeTopics: Type.Integer(),
    enterprises: Type.Integer(),
    enterprisesThisMonth: Type.Integer(),
    guideViews: Type.Integer(),
  }),
});
export type Workbench = Type.Static<typeof Workbench>;
