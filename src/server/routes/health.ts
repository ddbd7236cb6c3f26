import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse } from '../../shared/api/common.ts';

/**
 * The web app's connectivity probe: public, constant, touches no database (a busy database is
 * still a reachable server), and never cached by the browser, a proxy or the service worker.
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { response: { 200: HealthResponse } }, config: { public: true } }, async (_request, reply) => {
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok' as const });
  });
};
