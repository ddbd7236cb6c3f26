import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Permission } from '../../shared/permissions.ts';
import { hasPermissions } from '../../shared/permissions.ts';
import { badRequest, forbidden, unauthenticated } from '../errors.ts';
import { permissionsOf, type UserRow } from '../repos/users.ts';
import type { AppContext } from '../context.ts';
import { isApiPath } from './canonical-url.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    token: string | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (login, health, the web app's files). */
    public?: boolean;
    /** Permissions the caller must hold, all of them; `[]` means any signed-in user. */
    permissions?: Permission[];
  }
}

/** What a registered route declares about who may call it (the route walk in the tests reads this). */
export interface RouteAccess {
  method: string;
  url: string;
  public: boolean;
  permissions: Permission[] | undefined;
}

/** How many Authorization headers the request carried (Node keeps the first and drops the rest). */
function authorizationCount(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'authorization') n++;
  return n;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  // Two Authorization headers: Node reads the first, a proxy or a log may read the last. Which
  // token speaks for the request must not depend on who reads it, so neither does (decision 033).
  if (authorizationCount(request) > 1) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

function checkTimezoneHeader(request: FastifyRequest): void {
  const tz = request.headers['x-timezone-offset'];
  if (tz !== undefined && (Array.isArray(tz) || !/^-?\d{1,4}$/.test(tz) || Math.abs(Number(tz)) > 840)) {
    throw badRequest('INVALID_TIMEZONE_OFFSET', 'La zona horaria enviada no es válida.', 'X-Timezone-Offset must be minutes between -840 and 840');
  }
}

/**
 * Who may call what is decided by the route the router matched, never by the URL text: a route
 * is public only when its config says so, otherwise it needs a live session and the permissions
 * its config lists. A route that declares neither is refused when the server starts, so a new
 * route cannot be silently open. A path under /api that matched no route still needs a session
 * (401 before 404), so probing spellings tells nothing.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): RouteAccess[] {
  const routes: RouteAccess[] = [];
  const configs: { route: RouteAccess; config: () => RouteOptions['config'] }[] = [];
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);

  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      const route: RouteAccess = { method, url: options.url, public: false, permissions: undefined };
      routes.push(route);
      // Read at onReady: a plugin may mark its routes public in its own onRoute hook, which runs after this one.
      configs.push({ route, config: () => options.config });
    }
  });
  app.addHook('onReady', async () => {
    const undeclared: string[] = [];
    for (const { route, config } of configs) {
      const c = config() ?? {};
      route.public = c.public === true;
      route.permissions = c.permissions;
      if (!route.public && !Array.isArray(c.permissions)) undeclared.push(`${route.method} ${route.url}`);
    }
    if (undeclared.length > 0) {
      throw new Error(`routes without declared access (config.public or config.permissions): ${undeclared.join(', ')}`);
    }
  });

  app.addHook('onRequest', async (request) => {
    checkTimezoneHeader(request);
    const config = request.routeOptions.config;
    const matched = !request.is404;
    const apiRequest = isApiPath(request.url);
    // An API path is open only on a public API route: the web app's public wildcard (or the SPA
    // fallback) answering an /api path still asks for a session, so probing tells nothing.
    const open = matched ? config.public === true && (!apiRequest || isApiPath(request.routeOptions.url ?? '')) : !apiRequest;
    if (open) return;
    const token = bearer(request);
    if (!token) throw unauthenticated();
    const user = await ctx.sessions.userFor(token);
    if (!user) throw unauthenticated('token unknown, expired or revoked');
    request.user = user;
    request.token = token;
    // Nothing here for an /api path (a 404 follows).
    if (!matched || config.public === true) return;
    // Unreachable for a declared route (checked at start-up); a route without a list is refused, not open.
    const needed = config.permissions;
    if (!needed) throw forbidden('route declares no permissions');
    if (!hasPermissions(permissionsOf(user), needed)) throw forbidden(`requires permission ${needed.join(', ')}`);
  });
  return routes;
}

/** The authenticated user of a route that is not public. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}
