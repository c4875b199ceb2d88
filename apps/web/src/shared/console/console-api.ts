// What every console page shares of the server: the query keys its lists and forms live under (a
// save invalidates `['console', area]`, so every list and form of that area refreshes), and the
// audit of what left the console through the export/print dialog. Each service's own calls live
// in its `api/` (features/<service>/api/).
import { AUDIT_CONSOLE_PATHS } from '@hqt/contract/audit';
import { http } from '@/shared/api/http';

/** Query keys: a write to an area invalidates its prefix. */
export const consoleKeys = {
  area: (area: string) => ['console', area] as const,
};

/** What left the console through the export/print dialog goes into the audit log (等保). */
export const reportExport = (list: string, rows: number) => http.post<null>(AUDIT_CONSOLE_PATHS.exportReport, { list: list.slice(0, 60), rows }, { silent: true });
