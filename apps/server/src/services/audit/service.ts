// The audit log as administrators read it. It is append-only: the service offers reading and
// nothing else, and a trigger refuses UPDATE, DELETE and TRUNCATE to every role the server uses
// (migration 0008). Rows are never deleted by the application (retention: docs/console-admin.md).
import { and, desc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import { AUDIT_ACTION_LABELS, auditActionLabel, type AuditPageQuery, type AuditRow, type ExportReportBody } from '@hqt/contract/audit';
import type { PageOf } from '@hqt/contract/envelope';
import type { Db } from '../../db/client';
import { accounts, auditLog } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { SignedInCtx } from '../../lib/ctx';
import { badRequest } from '../../lib/errors';
import { paginate, totalOver } from '../../lib/paginate';
import { keywordMatch } from '../../lib/like';

export const EXPORT_AUDIT = { done: 'export.done' } as const;


/** An action typed as its name (`login.failure`) or as part of its Chinese label (登录). */
function actionFilter(text: string): SQL {
  const wanted = text.trim();
  const byLabel = Object.entries(AUDIT_ACTION_LABELS)
    .filter(([, label]) => label.includes(wanted))
    .map(([action]) => action);
  return byLabel.length ? or(eq(auditLog.action, wanted), inArray(auditLog.action, byLabel))! : eq(auditLog.action, wanted);
}

export async function auditPage(db: Db, query: AuditPageQuery): Promise<PageOf<AuditRow>> {
  if (query.from && query.to && new Date(query.from) > new Date(query.to)) throw badRequest('开始时间须早于结束时间');
  // The row's own name (a failed login's has no account) or the account's current name.
  const filters: (SQL | undefined)[] = [keywordMatch(query.person, auditLog.username, accounts.username, accounts.name)];
  if (query.action?.trim()) filters.push(actionFilter(query.action));
  if (query.from) filters.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) filters.push(lte(auditLog.at, new Date(query.to)));
  const where = and(...filters);
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ entry: auditLog, accountUsername: accounts.username, total: totalOver() })
        .from(auditLog)
        .leftJoin(accounts, eq(accounts.id, auditLog.accountId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    map: ({ entry: e, accountUsername }) => ({
      id: e.id,
      at: e.at.toISOString(),
      accountId: e.accountId,
      username: e.username ?? accountUsername,
      action: e.action,
      actionLabel: auditActionLabel(e.action),
      ip: e.ip,
      detail: e.detail,
    }),
  });
}

/** Exports happen in the browser (every page fetched, then saved): it reports each one here. */
export async function reportExport(db: Db, ctx: SignedInCtx, body: ExportReportBody): Promise<void> {
  await audit(db, ctx, EXPORT_AUDIT.done, { list: body.list, rows: body.rows });
}
