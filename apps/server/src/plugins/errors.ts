// One place turns every failure into the envelope: { code: status, msg: Chinese, data: null }.
import type { FastifyError, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { AppError } from '../lib/errors';

interface SchemaWithLabel {
  title?: string;
  errorMessage?: string;
  properties?: Record<string, SchemaWithLabel>;
}

/** Chinese text for one ajv error, from the schema's `errorMessage` or its `title`. */
export function describeValidationError(e: FastifySchemaValidationError & { parentSchema?: SchemaWithLabel }): string {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required') {
    const missing = String(params.missingProperty ?? '');
    const label = e.parentSchema?.properties?.[missing]?.title;
    return label ? `请填写${label}` : MSG.required;
  }
  const schema = e.parentSchema ?? {};
  if (schema.errorMessage) return schema.errorMessage;
  const label = schema.title ?? '参数';
  switch (e.keyword) {
    case 'maxLength':
      return `${label}不能超过${params.limit}个字符`;
    case 'minLength':
      return params.limit === 1 ? `请填写${label}` : `${label}不能少于${params.limit}个字符`;
    case 'minimum':
      return `${label}不能小于${params.limit}`;
    case 'maximum':
      return `${label}不能大于${params.limit}`;
    case 'maxItems':
      return `${label}最多${params.limit}项`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return `${label}的取值无效`;
    default:
      return `${label}格式不正确`;
  }
}

export default fp(
  async (app) => {
    app.setSchemaErrorFormatter((errors) => {
      const err = new AppError(400, describeValidationError(errors[0]!));
      return err;
    });

    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        return reply.code(error.status).send({ code: error.status, msg: error.message, data: null });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.code(429).send({ code: 429, msg: OWN_MSG.tooManyRequests, data: null });
      }
      if (status >= 400 && status < 500) {
        // Framework errors (malformed JSON, wrong content type, body too large) get a generic message.
        const msg = status === 403 ? MSG.forbidden : status === 404 ? OWN_MSG.notFound : OWN_MSG.badRequest;
        return reply.code(status).send({ code: status, msg, data: null });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ code: 500, msg: OWN_MSG.serverError, data: null });
    });
  },
  { name: 'errors' },
);
