import type { FastifyInstance } from 'fastify';
import type { DiskSpace } from '../disk-space.ts';
import { insufficientStorage, isUploadRoute, TUS_ROUTE } from './errors.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Never refused up front: signing out revokes a session, abandoning a resumable upload deletes its bytes; both only free space. */
const EXEMPT = new Set(['POST /api/auth/logout', `DELETE ${TUS_ROUTE}/:id`]);

/**
 * Refuses a write that would land in DATA_DIR while its free space is below DISK_MIN_FREE_MB
 * (docs/decisions/035): 507 in Spanish before the handler runs, so nothing is half done and the
 * last bytes stay for the queue's bookkeeping. With SQLite every write lands there (the database
 * does); with PostgreSQL only uploads do (the files). Runs after the auth check and validation.
 */
export function registerDiskGuard(app: FastifyInstance, space: DiskSpace, allWrites: boolean): void {
  app.addHook('preHandler', async (request) => {
    if (!WRITES.has(request.method)) return;
    const url = request.routeOptions.url;
    if (!url || EXEMPT.has(`${request.method} ${url}`)) return;
    const upload = isUploadRoute(url);
    if (!upload && !allWrites) return;
    // A failing statfs must not take writes down with it: the write's own error still maps to 507.
    if (await space.roomForWrites().catch(() => true)) return;
    throw insufficientStorage(upload, 'free space in DATA_DIR is below DISK_MIN_FREE_MB');
  });
}
