// The boundary rule reports what it should and nothing else (node --test, run by npm test).
import path from 'node:path';
import { test } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import hqt from './boundaries.js';

const root = path.resolve(import.meta.dirname, '..');
const at = (file) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

test('hqt/boundaries', () => {
  tester.run('boundaries', hqt.rules.boundaries, {
    valid: [
      { filename: at('apps/web/src/features/policy/portal/market-page.tsx'), code: "import { GuideCard } from '../ui/guide-card';" },
      { filename: at('apps/web/src/features/policy/portal/market-page.tsx'), code: "import { http } from '@/shared/api/http';" },
      { filename: at('apps/web/src/features/policy/console/guides/guide-edit-page.tsx'), code: "import { GuideCard } from '../../ui/guide-card';" },
      { filename: at('apps/web/src/features/policy/console/policies/policy-edit-page.tsx'), code: "import RichTextEditor from '@/shared/editor/rich-text-editor';" },
      { filename: at('apps/web/src/features/policy/module.ts'), code: "const page = () => import('./console/policies/policy-list-page');" },
      { filename: at('apps/web/src/shared/console/console-list.tsx'), code: "import { Paginator } from '@/shared/ui/paginator';" },
      { filename: at('apps/web/src/app/admin/console-layout.tsx'), code: "import { ForcedPasswordChange } from '@/features/account/ui/forced-password-change';" },
      { filename: at('apps/web/src/app/pages/home-page.tsx'), code: "import { GuideCard } from '@/features/policy/ui/guide-card';" },
      { filename: at('apps/server/src/services/account/service.ts'), code: "import { hashPassword } from '../auth/public';" },
      { filename: at('apps/server/src/app.ts'), code: "import authRoutes from './services/auth/routes';" },
      { filename: at('apps/server/src/services/policy/service.ts'), code: "import { dictCode } from '../dict/public';" },
      { filename: at('packages/contract/src/policy.ts'), code: "import { MSG } from './messages';" },
      { filename: at('apps/server/src/services/message/service.ts'), code: "import { sendMail } from '../mail/public';" },
      { filename: at('apps/server/src/services/appeal/visit-problems.ts'), code: "import type { ProblemFollowUps } from '../visit/public';" },
    ],
    invalid: [
      { filename: at('apps/web/src/features/policy/portal/market-page.tsx'), code: "import { ProfilePanel } from '@/features/account/portal/profile-panel';", errors: [{ message: /features do not import each other/ }] },
      { filename: at('apps/web/src/features/policy/portal/market-page.tsx'), code: "const p = import('../../account/portal/personal-page');", errors: [{ message: /features do not import each other/ }] },
      { filename: at('apps/web/src/features/policy/portal/market-page.tsx'), code: "const p = import('../console/guides/guide-edit-page');", errors: [{ message: /portal part never imports a console part/ }] },
      { filename: at('apps/web/src/features/policy/portal/topics-page.tsx'), code: "import RichTextEditor from '@/shared/editor/rich-text-editor';", errors: [{ message: /portal part never imports a console part/ }] },
      { filename: at('apps/web/src/features/policy/ui/guide-card.tsx'), code: "import { ConsoleList } from '@/shared/console/console-list';", errors: [{ message: /portal part never imports a console part/ }] },
      { filename: at('apps/web/src/features/policy/api/guide-queries.ts'), code: "import { consoleKeys } from '@/shared/console/console-api';", errors: [{ message: /portal part never imports a console part/ }] },
      { filename: at('apps/web/src/app/pages/home-page.tsx'), code: "import { content } from '@/features/policy/console/workbench-card';", errors: [{ message: /portal part never imports a console part/ }] },
      { filename: at('apps/web/src/shared/ui/rich-text.tsx'), code: "import RichTextEditor from '../editor/rich-text-editor';", errors: [{ message: /portal part never imports a console part/ }] },
      { filename: at('apps/web/src/shared/ui/paginator.tsx'), code: "import { policyModule } from '@/features/policy/module';", errors: [{ message: /shared\/ is used by features/ }] },
      { filename: at('apps/web/src/features/auth/login-page.tsx'), code: "import { MENU } from '@/app/navigation';", errors: [{ message: /does not import app/ }] },
      { filename: at('apps/web/src/app/shell/shell-layout.tsx'), code: "import WorkbenchPage from '../admin/workbench-page';", errors: [{ message: /portal part never imports a console part/ }] },
      { filename: at('apps/server/src/services/account/service.ts'), code: "import { hashPassword } from '../auth/password';", errors: [{ message: /services\/auth\/public.ts/ }] },
      { filename: at('apps/server/src/plugins/auth.ts'), code: "import { TokenSigner } from '../services/auth/tokens';", errors: [{ message: /services\/auth\/public.ts/ }] },
      { filename: at('apps/server/src/db/migrate.ts'), code: "export { ensureDictionaries } from '../services/dict/reference-data';", errors: [{ message: /services\/dict\/public.ts/ }] },
      { filename: at('packages/contract/src/policy.ts'), code: "import { sanitizeHtml } from '@hqt/server/src/lib/sanitize';", errors: [{ message: /contract imports nothing/ }] },
      // What dict/usage.ts did until the services contributed their own sources.
      { filename: at('apps/server/src/services/dict/usage.ts'), code: "import { appeals } from '../appeal/public';", errors: [{ message: /foundation service dict does not import the domain service appeal/ }] },
      { filename: at('apps/server/src/services/message/service.ts'), code: "import type { VisitItem } from '../visit/public';", errors: [{ message: /foundation service message does not import the domain service visit/ }] },
      // The circle of folders appeal ⇄ visit, each file of it free of a module cycle: visit/queries.ts read appeals.
      { filename: at('apps/server/src/services/visit/queries.ts'), code: "import { appeals } from '../appeal/public';", errors: [{ message: /visit stands before appeal in SERVICE_ORDER/ }] },
      { filename: at('apps/server/src/services/auth/service.ts'), code: "import { sendMail } from '../message/public';", errors: [{ message: /auth stands before message/ }] },
      { filename: at('apps/server/src/services/grants/service.ts'), code: "import { dictCode } from '../dict/public';", errors: [{ message: /services\/grants has no place in SERVICE_ORDER/ }] },
    ],
  });
});
