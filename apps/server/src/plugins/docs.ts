import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/**
 * The uploads read their multipart parts themselves (no body schema to validate), so the document
 * is told what they take: one or more `file` parts. Only the document: validation is unchanged.
 */
const MULTIPART_FILES = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'array', items: { type: 'string', format: 'binary' }, description: '文件（可重复）' } },
};

export default fp(
  async (app) => {
    await app.register(swagger, {
      transform: ({ schema, url }) =>
        schema?.consumes?.includes('multipart/form-data') && !schema.body ? { schema: { ...schema, body: MULTIPART_FILES }, url } : { schema, url },
      openapi: {
        info: { title: '惠企通 API', version: '1.0.0', description: '所有应答均为 { code, msg, data }，code 为 200 表示成功。' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
