// 企业诉求's figures, typed by the contract: 诉求统计 in the console (staff), the home page's public
// totals, and an account's own counts on its data overview. One query factory for the three.
import { queryOptions } from '@tanstack/react-query';
import { APPEAL_STATS_PATHS, type AppealFiguresQuery, type AppealFiguresResult, type AppealMyCounts, type AppealTotals } from '@hqt/contract/appeal-stats';
import { http } from '@/shared/api/http';

export const appealStatsApi = {
  figures: (query: AppealFiguresQuery) => http.post<AppealFiguresResult>(APPEAL_STATS_PATHS.figures, query),
  totals: () => http.get<AppealTotals>(APPEAL_STATS_PATHS.totals),
  mine: () => http.get<AppealMyCounts>(APPEAL_STATS_PATHS.mine),
};

export const appealStatsQueries = {
  all: ['appeal', 'stats'] as const,
  figures: (query: AppealFiguresQuery) => queryOptions({ queryKey: [...appealStatsQueries.all, 'figures', query], queryFn: () => appealStatsApi.figures(query) }),
  totals: () => queryOptions({ queryKey: [...appealStatsQueries.all, 'totals'], queryFn: appealStatsApi.totals, staleTime: 5 * 60_000 }),
  mine: () => queryOptions({ queryKey: [...appealStatsQueries.all, 'mine'], queryFn: appealStatsApi.mine }),
};
