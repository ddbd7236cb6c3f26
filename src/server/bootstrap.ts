import crypto from 'node:crypto';
import type { AppContext } from './context.ts';

/**
 * First start with no users: the admin from ADMIN_EMAIL/ADMIN_PASSWORD, or admin@localhost with a
 * random password printed once (it is stored hashed, so this is the only time it can be read).
 */
export async function ensureAdmin(ctx: AppContext, print: (line: string) => void): Promise<void> {
  if ((await ctx.users.count()) > 0) return;
  const email = ctx.config.adminEmail ?? 'admin@localhost';
  const generated = ctx.config.adminPassword === undefined;
  const password = ctx.config.adminPassword ?? crypto.randomBytes(12).toString('base64url');
  try {
    await ctx.users.create({ email, password, role: 'admin' });
  } catch (err) {
    // API nodes started together on an empty PostgreSQL: another one created it first.
    if ((await ctx.users.count()) > 0) return;
    throw err;
  }
  print(
    generated
      ? `Administrador creado: ${email} con la contraseña ${password} (se muestra solo esta vez; cámbiala con npm run users -- reset-password ${email})`
      : `Administrador creado: ${email}`,
  );
}
