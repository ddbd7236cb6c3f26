/**
 * A field link on loopback for `npm run bench:field`: a TCP proxy whose client→server direction is
 * one shared pipe of a given rate (every connection queues on it, served in turn, as on a real
 * uplink), with a fixed latency added to each direction, and drops that reset every open connection
 * while the proxy keeps listening (the link is back at once; whoever was sending must start again).
 */
import net from 'node:net';

export interface ThrottleOptions {
  target: { host: string; port: number };
  /** Client→server rate in bytes per second. */
  upBytesPerSecond: number;
  /** Server→client rate in bytes per second; 0 = not throttled (latency only). */
  downBytesPerSecond?: number;
  /** Added to each direction, per chunk. */
  latencyMs: number;
  /**
   * Bytes a connection may hold in the proxy (queued or in flight) before its sender stops being
   * read: roughly a socket's buffers on a real link, so the browser's progress cannot run far
   * ahead of what crossed it.
   */
  maxBufferedBytes?: number;
}

export interface ProxyStats {
  /** Bytes that left the client→server pipe (crossed the uplink). */
  upBytes: number;
  downBytes: number;
  connections: number;
  open: number;
  drops: number;
}

const DEFAULT_MAX_BUFFERED = 32 * 1024;
/** Pieces this long at the pipe's rate keep the pacing smooth (a 64 KB read is 2.6 s at 25 KB/s). */
const PIECE_MS = 50;

type Item = Buffer | 'end';

/** One direction of one connection: what waits for the pipe, then what is in flight. */
class Flow {
  readonly waiting: Item[] = [];
  private readonly inFlight: { at: number; item: Item }[] = [];
  private timer: NodeJS.Timeout | undefined;
  buffered = 0;
  dead = false;

  constructor(
    private readonly source: net.Socket,
    private readonly dest: net.Socket,
    private readonly latencyMs: number,
    private readonly maxBuffered: number,
  ) {}

  accept(item: Item): void {
    if (this.dead) return;
    if (item !== 'end') {
      this.buffered += item.length;
      if (this.buffered > this.maxBuffered) this.source.pause();
    }
    this.waiting.push(item);
  }

  /** The pipe let `item` through now: it reaches the other side after the latency. */
  depart(item: Item, now: number): void {
    this.inFlight.push({ at: now + this.latencyMs, item });
    if (!this.timer) this.arm();
  }

  private arm(): void {
    const head = this.inFlight[0];
    if (!head || this.dead) return;
    this.timer = setTimeout(() => this.deliver(), Math.max(0, head.at - Date.now()));
  }

  private deliver(): void {
    this.timer = undefined;
    const now = Date.now();
    while (this.inFlight[0] && this.inFlight[0].at <= now && !this.dead) {
      const { item } = this.inFlight.shift()!;
      if (item === 'end') {
        this.dest.end();
        continue;
      }
      this.dest.write(item);
      this.buffered -= item.length;
      if (this.buffered <= this.maxBuffered / 2 && this.source.isPaused()) this.source.resume();
    }
    this.arm();
  }

  kill(): void {
    this.dead = true;
    clearTimeout(this.timer);
    this.waiting.length = 0;
    this.inFlight.length = 0;
  }
}

/** A pipe of `bytesPerSecond` shared by flows, one piece per flow in turn. 0 = no limit. */
class Pipe {
  private readonly flows: Flow[] = [];
  private turn = 0;
  private busyUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  bytes = 0;

  constructor(private readonly bytesPerSecond: number) {}

  add(flow: Flow, item: Item): void {
    if (item !== 'end' && this.bytesPerSecond > 0) {
      const piece = Math.max(512, Math.floor((this.bytesPerSecond * PIECE_MS) / 1000));
      for (let i = 0; i < item.length; i += piece) flow.accept(item.subarray(i, i + piece));
    } else {
      flow.accept(item);
    }
    if (!this.flows.includes(flow)) this.flows.push(flow);
    if (!this.timer) this.pump(false);
  }

  /** The next piece, one flow at a time in turn; flows with nothing waiting leave the round. */
  private next(): { flow: Flow; item: Item } | undefined {
    while (this.flows.length > 0) {
      if (this.turn >= this.flows.length) this.turn = 0;
      const flow = this.flows[this.turn]!;
      const item = flow.dead ? undefined : flow.waiting.shift();
      if (item === undefined) {
        this.flows.splice(this.turn, 1);
        continue;
      }
      this.turn += 1;
      return { flow, item };
    }
    return undefined;
  }

  /** Sends the next piece once the pipe is free; its time on the pipe is its size over the rate. */
  private pump(onTime: boolean): void {
    this.timer = undefined;
    const now = Date.now();
    if (this.busyUntil > now) {
      this.timer = setTimeout(() => this.pump(true), this.busyUntil - now);
      return;
    }
    // Straight after the last piece, a late timer is made up for; an idle pipe starts now.
    let clock = onTime ? this.busyUntil : now;
    for (;;) {
      const next = this.next();
      if (!next) {
        this.busyUntil = clock;
        return;
      }
      const size = next.item === 'end' ? 0 : next.item.length;
      this.bytes += size;
      clock += this.bytesPerSecond > 0 ? (size * 1000) / this.bytesPerSecond : 0;
      next.flow.depart(next.item, Math.max(clock, now));
      if (clock > now) {
        this.busyUntil = clock;
        this.timer = setTimeout(() => this.pump(true), clock - now);
        return;
      }
    }
  }
}

export class ThrottleProxy {
  private readonly server: net.Server;
  private readonly up: Pipe;
  private readonly down: Pipe;
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket; flows: Flow[] }>();
  private dropTimer: NodeJS.Timeout | undefined;
  private connections = 0;
  /** When each drop happened (ms since the epoch). */
  readonly dropTimes: number[] = [];

  constructor(private readonly options: ThrottleOptions) {
    this.up = new Pipe(options.upBytesPerSecond);
    this.down = new Pipe(options.downBytesPerSecond ?? 0);
    this.server = net.createServer({ allowHalfOpen: true, noDelay: true }, (client) => this.connect(client));
  }

  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    return (this.server.address() as net.AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  private connect(client: net.Socket): void {
    this.connections += 1;
    const { host, port } = this.options.target;
    const upstream = net.connect({ host, port, allowHalfOpen: true, noDelay: true });
    const max = this.options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED;
    const toServer = new Flow(client, upstream, this.options.latencyMs, max);
    const toClient = new Flow(upstream, client, this.options.latencyMs, max);
    const pair = { client, upstream, flows: [toServer, toClient] };
    this.pairs.add(pair);
    client.on('data', (chunk: Buffer) => this.up.add(toServer, chunk));
    client.on('end', () => this.up.add(toServer, 'end'));
    upstream.on('data', (chunk: Buffer) => this.down.add(toClient, chunk));
    upstream.on('end', () => this.down.add(toClient, 'end'));
    let closed = 0;
    const onClose = (hadError: boolean) => {
      closed += 1;
      if (hadError) this.reset(pair);
      if (closed === 2) this.pairs.delete(pair);
    };
    client.on('close', onClose);
    upstream.on('close', onClose);
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  }

  private reset(pair: { client: net.Socket; upstream: net.Socket; flows: Flow[] }): void {
    for (const flow of pair.flows) flow.kill();
    for (const socket of [pair.client, pair.upstream]) {
      if (socket.destroyed) continue;
      // RST, as a link that went away looks to the far end once it notices (not a polite FIN).
      if (socket.readyState === 'open') socket.resetAndDestroy();
      else socket.destroy();
    }
    this.pairs.delete(pair);
  }

  /** Resets every open connection; the proxy keeps listening. Returns how many were open. */
  drop(): number {
    const open = this.pairs.size;
    for (const pair of [...this.pairs]) this.reset(pair);
    this.dropTimes.push(Date.now());
    return open;
  }

  /** Drops every `everyMs` from now on (0 stops). */
  startDrops(everyMs: number, onDrop?: (open: number) => void): void {
    clearInterval(this.dropTimer);
    this.dropTimer = undefined;
    if (everyMs <= 0) return;
    this.dropTimer = setInterval(() => {
      const open = this.drop();
      onDrop?.(open);
    }, everyMs);
  }

  stats(): ProxyStats {
    return { upBytes: this.up.bytes, downBytes: this.down.bytes, connections: this.connections, open: this.pairs.size, drops: this.dropTimes.length };
  }

  async close(): Promise<void> {
    this.startDrops(0);
    for (const pair of [...this.pairs]) this.reset(pair);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
