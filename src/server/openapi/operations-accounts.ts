import type { OperationDoc } from './operation-doc.ts';

/** Health, sign-in and accounts. */
export const OPERATIONS_ACCOUNTS: Record<string, OperationDoc> = {
  'GET /api/health': {
    tag: 'Health',
    operationId: 'health',
    summary: 'Is the server up?',
    description: 'Public, constant and never cached; touches no database. The web app polls it to know whether the server is reachable.',
    ok: { 200: 'The server answers.' },
  },
  'POST /api/auth/login': {
    tag: 'Auth',
    operationId: 'login',
    summary: 'Sign in',
    description:
      'Exchanges an email and a password for a bearer token, valid until `expires_at` (TOKEN_TTL_DAYS). ' +
      '`access_token` and `accessToken` are the same token (both spellings are kept for older clients).',
    ok: { 200: 'Signed in.' },
    errors: ['invalidCredentials', 'tooManyLogins', 'serverBusy'],
  },
  'POST /api/auth/logout': {
    tag: 'Auth',
    operationId: 'logout',
    summary: 'Sign out',
    description: 'Revokes the token this call is made with.',
    ok: { 200: 'Signed out.' },
  },
  'POST /api/auth/register': {
    tag: 'Users',
    operationId: 'createUser',
    summary: 'Create an account (admin)',
    description: 'Role `user` (read, upload) unless `admin` is asked for. The password is at least 8 characters.',
    ok: { 201: 'Created.' },
    errors: ['emailTaken', 'serverBusy'],
  },
  'GET /api/users/me': {
    tag: 'Users',
    operationId: 'me',
    summary: 'The signed-in account',
    description: 'With its role and permissions.',
    ok: { 200: 'The account of the token.' },
  },
  'GET /api/users': {
    tag: 'Users',
    operationId: 'listUsers',
    summary: 'List accounts (admin)',
    ok: { 200: 'Every account, active or not.' },
  },
  'PATCH /api/users/{id}': {
    tag: 'Users',
    operationId: 'updateUser',
    summary: 'Change an account (admin)',
    description: 'Any of role, active, password, name (at least one). The last active administrator cannot be demoted or disabled.',
    ok: { 200: 'The account as changed.' },
    errors: ['userNotFound', 'lastAdmin', 'serverBusy'],
  },
  'PUT /api/users/{id}/permissions': {
    tag: 'Users',
    operationId: 'setUserPermissions',
    summary: 'Grant permissions beyond the role (admin)',
    description:
      'Replaces what the account is granted beyond its role: `["review"]` lets a plain user correct extracted values, `[]` takes it back. ' +
      'The answer’s `permissions` are the effective ones (an administrator holds `review` by its role).',
    ok: { 200: 'The account as changed.' },
    errors: ['userNotFound'],
  },
};
