import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOutboxStore, type OutboxStore } from '../../../lib/offline-store/outbox-store';
import { Outbox, OutboxFullError } from './outbox';
import type { OutboxDeps } from './outbox-types';
import { classifyResponse, REMOVED, type SendRequest, type SendResult } from './send-upload';
import { BACKOFF_CAP_MS, backoffDelay } from './backoff';

let dbCounter = 0;
const outboxes: Outbox[] = [];

function pdf(name: string, size = 1000): File {
  return new File([new Uint8Array(size).fill(37)], name, { type: 'application/pdf' });
}

/** A transport that answers from a script and records what it was given. */
function scriptedTransport(answers: ((req: SendRequest) => SendResult)[], fallback: SendResult = { kind: 'sent', message: 'ok' }) {
  const calls: SendRequest[] = [];
  const transport = vi.fn(async (req: SendRequest, onProgress: (f: number) => void) => {
    calls.push(req);
    onProgress(0.5);
    const answer = answers.shift();
    return answer ? answer(req) : fallback;
  });
  return { transport, calls };
}

function makeOutbox(overrides: Partial<OutboxDeps> = {}, store: OutboxStore = createOutboxStore(`test-${++dbCounter}`)) {
  const events = { sent: vi.fn(), rejected: vi.fn(), unauthorized: vi.fn(), reachability: vi.fn(), retryScheduled: vi.fn() };
  const outbox = new Outbox({
    store,
    transport: scriptedTransport([]).transport,
    getToken: () => 'token-a',
    checkRoom: async () => ({ fits: true, persisted: true, freeBytes: null }),
    events,
    ...overrides,
  });
  outboxes.push(outbox);
  return { outbox, store, events };
}

async function settle(outbox: Outbox) {
  // run() joins the sender already in flight, so awaiting it waits for the queue to drain.
  await outbox.run();
}

afterEach(() => {
  for (const o of outboxes.splice(0)) o.dispose();
});

describe('Outbox', () => {
  it('stores every file before sending, sends them in order with their client id, then empties the queue', async () => {
    const store = createOutboxStore(`test-${++dbCounter}`);
    const seenStored: number[] = [];
    const transport = vi.fn(async (req: SendRequest): Promise<SendResult> => {
      seenStored.push((await store.list()).length);
      return { kind: 'sent', message: `Documento ${req.name} recibido` };
    });
    const { outbox, events } = makeOutbox({ transport }, store);
    await outbox.setOwner('u1');
    const ids = await outbox.enqueue([pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]);
    await settle(outbox);

    expect(transport.mock.calls.map(([req]) => [req.name, req.id, req.token])).toEqual([
      ['a.pdf', ids[0], 'token-a'],
      ['b.pdf', ids[1], 'token-a'],
      ['c.pdf', ids[2], 'token-a'],
    ]);
    expect(seenStored[0]).toBe(3);
    expect(new Set(ids).size).toBe(3);
    expect(events.sent.mock.calls.map(([, message]) => message)).toEqual(['Documento a.pdf recibido', 'Documento b.pdf recibido', 'Documento c.pdf recibido']);
    expect(await store.list()).toEqual([]);
    expect(await store.collectOrphans()).toBe(0);
    expect(outbox.getSnapshot().items.map((i) => [i.name, i.state])).toEqual([
      ['a.pdf', 'sent'],
      ['b.pdf', 'sent'],
      ['c.pdf', 'sent'],
    ]);
  });

  it('marks a permanently rejected file with the server message and goes on with the next', async () => {
    const { transport } = scriptedTransport([() => ({ kind: 'rejected', message: 'Solo se permiten archivos PDF' })]);
    const { outbox, store, events } = makeOutbox({ transport });
    await outbox.setOwner('u1');
    await outbox.enqueue([pdf('fake.pdf'), pdf('good.pdf')]);
    await settle(outbox);

    expect(transport).toHaveBeenCalledTimes(2);
    const left = await store.list();
    expect(left.map((r) => [r.name, r.state, r.reason])).toEqual([['fake.pdf', 'error', 'Solo se permiten archivos PDF']]);
    expect(events.rejected).toHaveBeenCalledOnce();
    const shown = outbox.getSnapshot().items.find((i) => i.name === 'fake.pdf');
    expect(shown).toMatchObject({ state: 'error', reason: 'Solo se permiten archivos PDF' });
  });

  it('keeps the files and asks to sign in again on 401', async () => {
    const { transport } = scriptedTransport([() => ({ kind: 'unauthorized' })]);
    const { outbox, store, events } = makeOutbox({ transport });
    await outbox.setOwner('u1');
    await outbox.enqueue([pdf('a.pdf'), pdf('b.pdf')]);
    await settle(outbox);

    expect(transport).toHaveBeenCalledOnce();
    expect(events.unauthorized).toHaveBeenCalledOnce();
    expect((await store.list()).map((r) => [r.name, r.state])).toEqual([
      ['a.pdf', 'pending'],
      ['b.pdf', 'pending'],
    ]);
  });

  it('retries a network failure later with the same Idempotency-Key and a growing delay', async () => {
    let clock = 1_000_000;
    const offline: SendResult = { kind: 'retry', reason: 'sin red', reachable: false };
    const { transport, calls } = scriptedTransport([() => offline, () => offline]);
    const { outbox, store, events } = makeOutbox({ transport, now: () => clock, random: () => 1 });
    await outbox.setOwner('u1');
    await outbox.enqueue([pdf('a.pdf')]);
    await settle(outbox);

    const [first] = await store.list();
    expect(first).toMatchObject({ attempts: 1, nextAttemptAt: clock + backoffDelay(1, () => 1), state: 'pending' });
    expect(events.reachability).toHaveBeenLastCalledWith(false);
    expect(events.retryScheduled).toHaveBeenCalledOnce();
    expect(outbox.getSnapshot().items).toEqual([expect.objectContaining({ name: 'a.pdf', state: 'pending', reason: 'sin red' })]);

    await outbox.run(); // too early: the backoff holds the file back
    expect(transport).toHaveBeenCalledOnce();

    clock = first!.nextAttemptAt;
    await outbox.run();
    const [second] = await store.list();
    expect(second!.nextAttemptAt - clock).toBeGreaterThan(first!.nextAttemptAt - 1_000_000);

    await outbox.retry(); // 'Reintentar' skips the wait
    expect(calls.map((c) => c.id)).toEqual([first!.id, first!.id, first!.id]);
    expect(await store.list()).toEqual([]);
  });

  it('survives a reload: a new outbox on the same database sends what the old one queued', async () => {
    const store = createOutboxStore(`test-${++dbCounter}`);
    const down: SendResult = { kind: 'retry', reason: 'sin red', reachable: false };
    const first = makeOutbox({ transport: vi.fn(async () => down) }, store);
    await first.outbox.setOwner('u1');
    await first.outbox.enqueue([pdf('a.pdf'), pdf('b.pdf')]);
    await settle(first.outbox);
    first.outbox.dispose();

    const { transport, calls } = scriptedTransport([]);
    const second = makeOutbox({ transport, now: () => Date.now() + BACKOFF_CAP_MS }, createOutboxStore(`test-${dbCounter}`));
    await second.outbox.setOwner('u1');
    await settle(second.outbox);
    expect(calls.map((c) => c.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(await store.list()).toEqual([]);
  });

  it("sends only the signed-in user's files and keeps the others for their owner", async () => {
    const store = createOutboxStore(`test-${++dbCounter}`);
    const { transport, calls } = scriptedTransport([]);
    const a = makeOutbox({ transport: vi.fn(async () => ({ kind: 'unauthorized' }) as SendResult) }, store);
    await a.outbox.setOwner('alice');
    await a.outbox.enqueue([pdf('alice.pdf')]);
    await settle(a.outbox);
    expect(await a.outbox.pendingCount()).toBe(1);
    a.outbox.dispose();

    const b = makeOutbox({ transport }, store);
    await b.outbox.setOwner('bob');
    await b.outbox.enqueue([pdf('bob.pdf')]);
    await settle(b.outbox);
    expect(calls.map((c) => c.name)).toEqual(['bob.pdf']);
    expect(b.outbox.getSnapshot().items.map((i) => i.name)).toEqual(['bob.pdf']);
    expect((await store.list()).map((r) => [r.owner, r.name])).toEqual([['alice', 'alice.pdf']]);
  });

  it('queues nothing when the files do not fit in the storage quota', async () => {
    const { transport } = scriptedTransport([]);
    const { outbox, store } = makeOutbox({ transport, checkRoom: async () => ({ fits: false, persisted: false, freeBytes: 10 }) });
    await outbox.setOwner('u1');
    await expect(outbox.enqueue([pdf('a.pdf'), pdf('b.pdf')])).rejects.toBeInstanceOf(OutboxFullError);
    expect(await store.list()).toEqual([]);
    expect(transport).not.toHaveBeenCalled();
  });

  it("'Quitar' forgets a rejected file and 'Reintentar' sends it again", async () => {
    const { transport } = scriptedTransport([() => ({ kind: 'rejected', message: 'no' }), () => ({ kind: 'rejected', message: 'no' })]);
    const { outbox, store } = makeOutbox({ transport });
    await outbox.setOwner('u1');
    const [a, b] = await outbox.enqueue([pdf('a.pdf'), pdf('b.pdf')]);
    await settle(outbox);
    expect((await store.list()).map((r) => r.state)).toEqual(['error', 'error']);

    await outbox.remove(a!);
    await outbox.retry(b!);
    expect(transport).toHaveBeenCalledTimes(3);
    expect(await store.list()).toEqual([]);
    expect(await store.collectOrphans()).toBe(0);
  });

  it("tells the transport why a send was stopped: 'Quitar' abandons the upload, signing out keeps it to resume", async () => {
    const reasons: unknown[] = [];
    const transport = vi.fn(
      (_req: SendRequest, _progress: (f: number) => void, signal: AbortSignal) =>
        new Promise<SendResult>((resolve) =>
          signal.addEventListener('abort', () => {
            reasons.push(signal.reason);
            resolve({ kind: 'retry', reason: 'x', reachable: false });
          }),
        ),
    );
    const { outbox, store } = makeOutbox({ transport });
    await outbox.setOwner('u1');
    const [a] = await outbox.enqueue([pdf('a.pdf'), pdf('b.pdf')]);
    await vi.waitFor(() => expect(outbox.getSnapshot().sending).toBe(true));
    await outbox.remove(a!);
    await vi.waitFor(() => expect(transport).toHaveBeenCalledTimes(2));
    await outbox.setOwner(null);
    expect(reasons).toEqual([REMOVED, expect.anything()]);
    expect(reasons[1]).not.toBe(REMOVED);
    expect((await store.list()).map((r) => r.name)).toEqual(['b.pdf']);
  });
});

describe('classifyResponse', () => {
  it.each([
    [200, { message: 'Archivo recibido' }, { kind: 'sent', message: 'Archivo recibido' }],
    [401, { error: 'x' }, { kind: 'unauthorized' }],
    [415, { error: 'Solo se permiten archivos PDF' }, { kind: 'rejected', message: 'Solo se permiten archivos PDF' }],
    [413, { error: 'El archivo supera el límite de 10MB' }, { kind: 'rejected', message: 'El archivo supera el límite de 10MB' }],
    [400, { message: 'malo' }, { kind: 'rejected', message: 'malo' }],
    [0, null, { kind: 'retry', reachable: false }],
    [503, null, { kind: 'retry', reachable: true }],
    [507, { error: 'Disco lleno' }, { kind: 'retry', reachable: true }],
    [429, { error: 'Demasiadas' }, { kind: 'retry', reachable: true }],
  ])('status %i', (status, body, expected) => {
    expect(classifyResponse(status, body)).toMatchObject(expected);
  });
});

describe('backoffDelay', () => {
  it('grows with attempts and never exceeds five minutes', () => {
    const max = () => 1;
    expect(backoffDelay(2, max)).toBeGreaterThan(backoffDelay(1, max));
    expect(backoffDelay(30, max)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(1000, () => 0)).toBeLessThanOrEqual(BACKOFF_CAP_MS);
  });
});
