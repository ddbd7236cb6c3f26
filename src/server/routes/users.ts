import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MeResponse, UserPatchBody, UserPermissionsBody, UserResponse, UsersResponse } from '../../shared/api/auth.ts';
import { IdParams } from '../../shared/api/common.ts';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import { HttpError, notFound } from '../errors.ts';
import { userOf } from '../plugins/auth.ts';
import { toAdminUser, toUser } from '../repos/users.ts';
import type { AppContext } from '../context.ts';

export const userRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/users/me', { schema: { response: { 200: MeResponse } }, config: { permissions: [] } }, async (request) => ({ data: toUser(userOf(request)) }));

  app.get('/users', { schema: { response: { 200: UsersResponse } }, config: { permissions: ['admin'] } }, async () => ({
    data: (await ctx.users.list()).map(toAdminUser),
  }));

  app.patch(
    '/users/:id',
    { schema: { params: IdParams, body: UserPatchBody, response: { 200: UserResponse } }, config: { permissions: ['admin'] } },
    async (request) => {
      const target = await ctx.users.findById(request.params.id);
      if (!target) throw notFound('user', SERVER_MESSAGES.userNotFound);
      // Counted and written in one transaction (repos/users.ts): two admins demoting each other at once left none.
      const row = await ctx.users.update(target.id, request.body, { keepAnAdmin: true });
      if (row === 'last-admin') throw new HttpError(409, 'LAST_ADMIN', SERVER_MESSAGES.lastAdmin, 'cannot demote or disable the last active admin');
      if (!row) throw notFound('user', SERVER_MESSAGES.userNotFound);
      return { data: toAdminUser(row) };
    },
  );

  // Grants beyond the role (issue 12: `review` to a plain user); the answer has the effective permissions.
  app.put(
    '/users/:id/permissions',
    { schema: { params: IdParams, body: UserPermissionsBody, response: { 200: UserResponse } }, config: { permissions: ['admin'] } },
    async (request) => {
      const row = await ctx.users.setGranted(request.params.id, request.body.permissions);
      if (!row) throw notFound('user', SERVER_MESSAGES.userNotFound);
      return { data: toAdminUser(row) };
    },
  );
};
