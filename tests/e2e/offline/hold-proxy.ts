import net from 'node:net';

/**
 * A TCP proxy in front of the test server that can hold uploads on the wire: while held, a
 * connection that starts sending a request matching `holdRequest` stops being forwarded (its bytes
 * wait here, in order) until `release()`. The browser sees a real upload in flight.
 *
 * Why not Playwright's `context.route`: with a service worker controlling the page, Chromium's
 * request interception left unrelated requests (the /api/health probe) unfinished in our runs, so
 * what the test saw was the harness, not the app. Bytes held on a socket are what a slow link does.
 */
export class HoldProxy {
  private readonly server: net.Server;
  private held = false;
  private readonly waiting = new Set<() => void>();
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly target: { host: string; port: number },
    private readonly holdRequest: RegExp,
  ) {
    this.server = net.createServer((client) => this.accept(client));
  }

  /** Listens on a free loopback port; forwards everything until `hold()`. */
  static async start(target: { host: string; port: number }, holdRequest: RegExp): Promise<HoldProxy & { url: string }> {
    const proxy = new HoldProxy(target, holdRequest);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    const address = proxy.server.address() as net.AddressInfo;
    return Object.assign(proxy, { url: `http://127.0.0.1:${address.port}` });
  }

  /** From now on, requests matching `holdRequest` wait here. */
  hold(): void {
    this.held = true;
  }

  /** Lets every held request go on, and holds no more. */
  release(): void {
    this.held = false;
    for (const resume of this.waiting) resume();
    this.waiting.clear();
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    this.sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    upstream.pipe(client);

    let holding = false;
    let ended = false;
    const queue: Buffer[] = [];
    client.on('data', (chunk: Buffer) => {
      // A request starts a chunk (keep-alive requests follow one another on the socket).
      if (!holding && this.held && this.holdRequest.test(chunk.subarray(0, 200).toString('latin1'))) {
        holding = true;
        this.waiting.add(() => {
          holding = false;
          for (const piece of queue.splice(0)) upstream.write(piece);
          if (ended) upstream.end();
        });
      }
      if (holding) queue.push(chunk);
      else upstream.write(chunk);
    });
    client.on('end', () => {
      if (holding) ended = true;
      else upstream.end();
    });
  }
}
