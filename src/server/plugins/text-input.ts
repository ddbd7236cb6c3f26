import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../shared/messages/server.ts';
import { badRequest } from '../errors.ts';

const NUL = '\u0000';

/**
 * Where the first NUL character sits in `value` (a string, or any key or string inside parsed
 * JSON, a query or route parameters), or null. Walked with a stack, not recursion: a 1 MB body may
 * nest 500 000 arrays deep, and this runs before the schema refuses it.
 */
export function nulPath(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, where] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes(NUL)) return where;
    } else if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) stack.push([item[i], `${where}/${i}`]);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes(NUL)) return `${where}/(key)`;
        stack.push([child, `${where}/${key}`]);
      }
    }
  }
  return null;
}

/** The refusal of a text with a NUL character (also used by the tus routes for their metadata). */
export const nulRefused = (where: string) =>
  badRequest('INVALID_CHARACTER', SERVER_MESSAGES.invalidCharacter, `${where} contains a NUL character (U+0000)`);

/**
 * A NUL character is refused in every query, route parameter and JSON body, before any route
 * sees it (decision 036): PostgreSQL cannot store or compare text holding one (a login, a search or
 * a user's name answered 500), and SQLite's LIKE stops reading at it (a search for it matched every
 * document). No text of ours ever holds one, so refusing it loses nothing.
 */
export function registerTextInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['querystring', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const where = nulPath(value, part);
      if (where) throw nulRefused(where);
    }
  });
}
