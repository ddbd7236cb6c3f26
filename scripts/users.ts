/**
 * Account management from the shell: npm run users -- add|list|disable|enable|reset-password …
 * Works next to a running server (SQLite WAL allows it) and on PostgreSQL via DATABASE_URL.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { usersRepo } from '../src/server/repos/users.ts';
import { isRole } from '../src/shared/permissions.ts';

const USAGE = `Uso:
  npm run users -- list
  npm run users -- add <email> [--role admin|user] [--name NOMBRE] [--password CLAVE]
  npm run users -- disable <email>
  npm run users -- enable <email>
  npm run users -- reset-password <email> [--password CLAVE]
Sin --password se genera una contraseña aleatoria y se muestra una vez.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});
const [command, email] = positionals;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const users = usersRepo(database.db);
const password = values.password ?? crypto.randomBytes(12).toString('base64url');
if (values.password !== undefined && values.password.length < 8) fail('La contraseña debe tener al menos 8 caracteres.');

try {
  switch (command) {
    case 'list': {
      for (const u of await users.list()) {
        console.log(`${u.id}\t${u.email}\t${u.name}\t${u.role}\t${u.active ? 'activo' : 'deshabilitado'}\t${u.created_at}`);
      }
      break;
    }
    case 'add': {
      if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) fail(USAGE);
      const role = values.role ?? 'user';
      if (!isRole(role)) fail(`Rol desconocido "${role}" (admin o user).`);
      if (await users.findByEmail(email)) fail(`Ya existe un usuario ${email}.`);
      const row = await users.create({ email, password, name: values.name, role });
      console.log(`Usuario creado: ${row.email} (${row.role})${values.password ? '' : ` con la contraseña ${password}`}`);
      break;
    }
    case 'disable':
    case 'enable':
    case 'reset-password': {
      if (!email) fail(USAGE);
      const row = await users.findByEmail(email);
      if (!row) fail(`No existe el usuario ${email}.`);
      if (command === 'reset-password') {
        await users.update(row.id, { password });
        console.log(`Contraseña de ${row.email} cambiada${values.password ? '' : `: ${password}`}. Sus sesiones se cerraron.`);
      } else {
        await users.update(row.id, { active: command === 'enable' });
        console.log(`Usuario ${row.email} ${command === 'enable' ? 'habilitado' : 'deshabilitado'}.`);
      }
      break;
    }
    default:
      fail(USAGE);
  }
} finally {
  await database.close();
}
