// Every feature of each branch, one line each: adding a service is its folder plus one line here.
import { accountModule } from '@/features/account/module';
import { authModule } from '@/features/auth/module';
import { calculatorModule } from '@/features/calculator/module';
import { comingSoonModule } from '@/features/coming-soon/module';
import { consoleModule } from '@/features/console/module';
import { overviewModule } from '@/features/overview/module';
import { messagesConsoleModule, messagesModule } from '@/features/messages/module';
import { policyModule } from '@/features/policy/module';
import { pushModule } from '@/features/push/module';
import type { FeatureModule } from '@/shared/feature-module';
import { adminPagesModule } from './admin/module';
import { appPagesModule } from './pages/module';

/** The enterprise portal (spec §2): admits 企业账户 only. */
export const PORTAL_FEATURES: FeatureModule[] = [appPagesModule, authModule, overviewModule, accountModule, calculatorModule, pushModule, policyModule, comingSoonModule, messagesModule];

/** The staff console under /admin: admits 工作人员 and 管理员. */
export const ADMIN_FEATURES: FeatureModule[] = [adminPagesModule, consoleModule, messagesConsoleModule];
