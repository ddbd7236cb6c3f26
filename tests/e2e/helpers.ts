import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { email: process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com', password: process.env.E2E_ADMIN_PASSWORD ?? '' };
// The corpus stands beside the repository (../shared), in CI as on a developer's machine.
export const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus/domain-dev');

/** Signs in through the login screen (already open, or reached by a guard), as a person would. */
export async function loginUi(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A bearer token from the real API (for setting up other accounts, never to fake the server). */
export async function apiToken(request: APIRequestContext, email = ADMIN.email, password = ADMIN.password): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { access_token: string };
  return body.access_token;
}

/** Creates (or reuses) an ordinary account through the admin API. */
export async function ensureUser(request: APIRequestContext, email: string, password: string): Promise<void> {
  const token = await apiToken(request);
  const res = await request.post('/api/auth/register', {
    data: { email, password, role: 'user' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect([200, 201, 409]).toContain(res.status());
}

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page; returns serious and critical violations (WCAG 2.1 A/AA rules). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

export interface TableSummary {
  name: string;
  row_count: number;
}

/** The catalogue with row counts, as the server reports it. */
export async function tablesWithRows(request: APIRequestContext): Promise<TableSummary[]> {
  const token = await apiToken(request);
  const res = await request.get('/api/tables', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { data: TableSummary[] };
  return body.data.filter((t) => t.row_count > 0);
}

/** Uploads one corpus PDF through the API unless a document of that name exists; returns its id. */
export async function ensureDocument(request: APIRequestContext, file: string): Promise<number> {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get('/api/documents', { params: { page_size: 100, all_documents: true }, headers });
  const existing = ((await list.json()) as { data: { id: number; original_filename: string }[] }).data.find((d) => d.original_filename === file);
  if (existing) return existing.id;
  const fs = await import('node:fs/promises');
  const res = await request.post('/api/documents/upload', {
    headers,
    multipart: { files: { name: file, mimeType: 'application/pdf', buffer: await fs.readFile(`${CORPUS}/${file}`) } },
  });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { documents: { id: number }[] }).documents[0]!.id;
}

/** Waits until the document is processed and returns its N° Solicitud (never empty). */
export async function processedNosolicitud(request: APIRequestContext, id: number): Promise<string> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  let nosolicitud = '';
  await expect(async () => {
    const doc = (await (await request.get(`/api/documents/${id}`, { headers })).json()) as { data: { status: string; nosolicitud: string } };
    expect(doc.data.status).toBe('processed');
    nosolicitud = doc.data.nosolicitud;
  }).toPass({ timeout: 90_000, intervals: [1_000] });
  expect(nosolicitud).not.toBe('');
  return nosolicitud;
}
