/**
 * The bench:api baseline (issue 14): a bare Fastify app, no plugins, no hooks, no database, whose
 * one route returns the JSON body given in the file named by argv[2] (the table page's own answer,
 * parsed, so Fastify serialises it as a handler's return value). Run as its own process like the
 * real server, so both are measured the same way. Prints its address on stdout.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <body.json>');
const body = JSON.parse(readFileSync(file, 'utf8')) as unknown;
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`Servidor escuchando en ${address}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
