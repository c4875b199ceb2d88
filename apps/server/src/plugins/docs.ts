import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: '惠企通 API', version: '1.0.0', description: '所有应答均为 { code, msg, data }，code 为 200 表示成功。' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
