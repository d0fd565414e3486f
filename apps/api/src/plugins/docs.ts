import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_NAME, APP_VERSION } from '@bastion/contract';

// Decision 0029: the OpenAPI viewer is off under NODE_ENV=production unless API_DOCS asks for it.
/**
 * The OpenAPI document (`app.swagger()`), always built; served at /api/docs/json with its viewer at /api/docs
 * only when the configuration says so (API_DOCS: on by default except in production).
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: `${APP_NAME} API`, version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  if (app.config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
