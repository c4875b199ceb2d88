// The calculator's console call: its reverse list, the enterprises one guide's rules admit (answered
// by the calculator service), and the guide's console record for the page's heading.
import { CALCULATOR_CONSOLE_PATHS, type QualifiedEnterprise } from '@hqt/contract/calculator-console';
import { consolePath } from '@hqt/contract/console';
import { type ConsoleGuide, POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import type { PageOf, PageQuery } from '@hqt/contract/envelope';
import { http } from '@/shared/api/http';

export const qualifiedApi = {
  guide: (id: number) => http.get<ConsoleGuide>(consolePath(POLICY_CONSOLE_PATHS.guide, { id })),
  guideQualified: (id: number, query: PageQuery & { keyword?: string }) => http.post<PageOf<QualifiedEnterprise>>(consolePath(CALCULATOR_CONSOLE_PATHS.guideQualified, { id }), query),
};
