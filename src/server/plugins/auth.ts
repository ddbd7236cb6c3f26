import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '../../shared/permissions.ts';
import { hasPermissions, permissionsFor } from '../../shared/permissions.ts';
import { badRequest, forbidden, unauthenticated } from '../errors.ts';
import { roleOf, type UserRow } from '../repos/users.ts';
import type { AppContext } from '../context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    token: string | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (login). */
    public?: boolean;
    /** Permissions the caller must hold, all of them. */
    permissions?: Permission[];
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

/** The bearer token → user check on every /api route, then the route's permissions. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const tz = request.headers['x-timezone-offset'];
    if (tz !== undefined && (Array.isArray(tz) || !/^-?\d{1,4}$/.test(tz) || Math.abs(Number(tz)) > 840)) {
      throw badRequest('INVALID_TIMEZONE_OFFSET', 'La zona horaria enviada no es válida.', 'X-Timezone-Offset must be minutes between -840 and 840');
    }
    const config = request.routeOptions.config;
    // Unknown /api paths (no route, or the static files' wildcard) get the JSON 404, no auth check.
    if (!request.routeOptions.url?.startsWith('/api/') || config.public) return;
    const token = bearer(request);
    if (!token) throw unauthenticated();
    const user = await ctx.sessions.userFor(token);
    if (!user) throw unauthenticated('token unknown, expired or revoked');
    request.user = user;
    request.token = token;
    const needed = config.permissions ?? [];
    if (!hasPermissions(permissionsFor(roleOf(user)), needed)) throw forbidden(`requires permission ${needed.join(', ')}`);
  });
}

/** The authenticated user of a route that is not public. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}
