// The audit log (管理员 reads it; staff report their exports to it). No route edits or deletes a row.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AUDIT_CONSOLE_PATHS, AuditPageQuery, AuditRow, ExportReportBody } from '@hqt/contract/audit';
import { Envelope, Page } from '@hqt/contract/envelope';
import { ok } from '../../lib/envelope';
import { signedIn } from '../../lib/ctx';
import { auditPage, reportExport } from './service';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['审计日志'];

  app.post(
    AUDIT_CONSOLE_PATHS.auditPage,
    { schema: { tags, summary: '审计日志（按人员、操作、时间检索）', body: AuditPageQuery, response: { 200: Envelope(Page(AuditRow)) } }, config: { access: 'admin' } },
    async (request) => ok(await auditPage(app.db, request.body)),
  );

  app.post(
    AUDIT_CONSOLE_PATHS.exportReport,
    { schema: { tags, summary: '记录一次导出（列表与行数）', body: ExportReportBody, response: { 200: Envelope(Type.Null()) } }, config: { access: 'staff' } },
    async (request) => {
      await reportExport(app.db, signedIn(request), request.body);
      return ok(null);
    },
  );
};

export default routes;
