// The calculator's console call: its reverse list, the enterprises one guide's rules admit (answered
// by the calculator service), and the guide's console record for the page's heading.
import type { QualifiedEnterprise } from '@hqt/contract/calculator';
import { CONSOLE_PATHS, consolePath, type ConsoleGuide } from '@hqt/contract/console';
import type { PageOf, PageQuery } from '@hqt/contract/envelope';
import { http } from '@/shared/api/http';

export const qualifiedApi = {
  guide: (id: number) => http.get<ConsoleGuide>(consolePath(CONSOLE_PATHS.guide, { id })),
  guideQualified: (id: number, query: PageQuery & { keyword?: string }) => http.post<PageOf<QualifiedEnterprise>>(consolePath(CONSOLE_PATHS.guideQualified, { id }), query),
};
