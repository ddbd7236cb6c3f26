import Fastify from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import type { JobRunner } from './jobs/runner.ts';
import { nodeRunner, openNode } from './open-node.ts';

export interface Worker {
  runner: JobRunner;
  /** The health port's address once listening. */
  healthUrl: string;
  /** SIGTERM: drain (finish or, past DRAIN_SECONDS, release the running jobs), then close. */
  drain(): Promise<{ finished: number; released: number }>;
}

/**
 * ROLE=worker (issue 13): extraction only, against the shared PostgreSQL queue. No web app, no
 * API; one small HTTP port for the orchestrator: GET /health answers 200 while the database
 * answers (503 otherwise), with the jobs running now.
 */
export async function startWorker(config: Config): Promise<Worker> {
  const { database, ctx, release } = await openNode(config);
  // Fastify for its logger and one route; the port serves nothing else.
  const health = Fastify({ logger: { level: config.logLevel } });
  const runner = nodeRunner(config, ctx, { log: health.log });
  let draining = false;
  health.get('/health', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const reachable = await sql`SELECT 1`.execute(ctx.db).then(
      () => true,
      () => false,
    );
    // A draining worker says so, so an orchestrator stops counting on it.
    const status = !reachable ? 'database unreachable' : draining ? 'draining' : 'ok';
    return reply.status(status === 'ok' ? 200 : 503).send({ status, role: 'worker', worker: runner.owner, running: runner.active });
  });
  const healthUrl = await health.listen({ port: config.healthPort, host: config.host });
  runner.start();
  return {
    runner,
    healthUrl,
    async drain() {
      draining = true;
      const result = await runner.drain(config.drainSeconds * 1000);
      await health.close();
      await database.close();
      release();
      return result;
    },
  };
}
