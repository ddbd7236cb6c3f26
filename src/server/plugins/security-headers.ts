import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. `@fastify/helmet` built Helmet's middleware anew for
 * each request (parsing the CSP directives each time: 5 % of the table page's CPU, decision 032);
 * the headers depend only on these options, so the middleware is built once here. It writes on the
 * raw response, as before, so an answer Fastify does not send itself still carries them.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, () => done());
  });
}
