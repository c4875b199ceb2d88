// Every service, one line each: adding a service is its folder plus one line here. A module
// declares its portal pages and its console pages apart (FeatureModule.portal, .console); each
// branch takes its own part (app/branches.ts), so the console's pages are behind its guard only.
import { accountModule } from '@/features/account/module';
import { appealModule } from '@/features/appeal/module';
import { applyModule } from '@/features/apply/module';
import { payoutModule } from '@/features/payout/module';
import { authModule } from '@/features/auth/module';
import { calculatorModule } from '@/features/calculator/module';
import { entcodeModule } from '@/features/entcode/module';
import { messagesModule } from '@/features/messages/module';
import { policyModule } from '@/features/policy/module';
import { pushModule } from '@/features/push/module';
import { qaModule } from '@/features/qa/module';
import { systemModule } from '@/features/system/module';
import { visitModule } from '@/features/visit/module';
import type { FeatureModule } from '@/shared/feature-module';
import { adminPagesModule } from './admin/module';
import { appPagesModule } from './pages/module';

export const FEATURES: FeatureModule[] = [appPagesModule, adminPagesModule, authModule, accountModule, systemModule, appealModule, applyModule, payoutModule, calculatorModule, pushModule, entcodeModule, policyModule, messagesModule, visitModule, qaModule];
