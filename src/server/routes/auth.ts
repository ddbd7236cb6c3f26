import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginBody, LoginResponse, LogoutResponse, RegisterBody, UserResponse } from '../../shared/api/auth.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords.ts';
import { HttpError } from '../errors.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { normalizeEmail, toAdminUser, toUser } from '../repos/users.ts';
import type { AppContext } from '../context.ts';
import { clientKey } from '../client-address.ts';

/**
 * The login's body limit. An email (254) and a password (1024 characters), every character escaped
 * as `\uXXXX`, fit in 8 KB. Under the app-wide 1 MiB, anyone without a token could have the server
 * parse a megabyte nested 400 000 arrays deep (~120 ms of the event loop, then the NUL walk) 60
 * times a minute per address: 7 s of CPU a minute each (third attacker's audit, decision 036).
 */
export const LOGIN_BODY_BYTES = 16 * 1024;

export const authRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Failed-login keys whose window is over, and expired tokens, go once a window (decision 036):
  // a guess with a new email writes a row, so the table otherwise grew without end.
  const purge = () =>
    Promise.all([ctx.loginFailures.purgeExpired(), ctx.sessions.purgeExpired()]).catch((err: unknown) =>
      app.log.warn({ err }, 'cannot purge expired login failures and tokens'),
    );
  const timer = setInterval(() => void purge(), ctx.config.loginWindowMs).unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.post(
    '/auth/login',
    {
      schema: { body: LoginBody, response: { 200: LoginResponse } },
      bodyLimit: LOGIN_BODY_BYTES,
      config: { public: true, rateLimit: { max: ctx.config.loginRatePerMinute, timeWindow: 60_000 } },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      // An IPv6 client counts as its /64 (client-address.ts).
      const address = clientKey(request.ip);
      // Reserve the attempt before checking anything (decision 036): concurrent guesses cannot
      // all slip in before the first failure is counted.
      const { blocked } = await ctx.loginFailures.reserve(email, address);
      if (blocked) {
        const detail = blocked === 'account' ? 'too many failed logins for this account and address' : 'too many failed logins from this address';
        throw new HttpError(429, 'TOO_MANY_LOGIN_ATTEMPTS', SERVER_MESSAGES.tooManyLogins, detail);
      }
      const user = await ctx.users.findByEmail(email);
      let ok: boolean;
      try {
        // Verify against a dummy hash for unknown emails so timing does not reveal accounts.
        ok = await verifyPassword(request.body.password, user?.password_hash ?? DUMMY_HASH);
      } catch (err) {
        // Not checked (the hashing queue is full, 503): the attempt does not count.
        await ctx.loginFailures.cancel(email, address);
        throw err;
      }
      if (!user || !ok || user.active !== 1) {
        throw new HttpError(401, 'INVALID_CREDENTIALS', SERVER_MESSAGES.invalidCredentials, 'invalid email or password');
      }
      await ctx.loginFailures.succeeded(email, address);
      const { token, expiresAt } = await ctx.sessions.create(user.id);
      return { access_token: token, token_type: 'bearer' as const, accessToken: token, expires_at: expiresAt, user: toUser(user) };
    },
  );

  app.post('/auth/logout', { schema: { response: { 200: LogoutResponse } }, config: { permissions: [] } }, async (request) => {
    if (request.token) await ctx.sessions.revoke(request.token);
    return { message: SERVER_MESSAGES.loggedOut };
  });

  app.post(
    '/auth/register',
    { schema: { body: RegisterBody, response: { 201: UserResponse } }, config: { permissions: ['admin'] } },
    async (request, reply) => {
      const taken = () => new HttpError(409, 'EMAIL_TAKEN', SERVER_MESSAGES.emailTaken, 'a user with this email exists');
      if (await ctx.users.findByEmail(request.body.email)) throw taken();
      // Two registrations of one email at once both pass the check above; the unique index decides
      // and the loser gets the same 409 (it answered 500: third attacker's audit, decision 033).
      const row = await ctx.users.create({ ...request.body, role: request.body.role ?? 'user' }).catch((err: unknown) => {
        throw isUniqueViolation(err) ? taken() : err;
      });
      return reply.status(201).send({ data: toAdminUser(row) });
    },
  );
};
