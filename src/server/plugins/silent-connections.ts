import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * At shutdown, drops the connections that carry no request: those opened and never used (a
 * client's spare connection, or anyone's silent one) and those whose last answer is sent.
 *
 * Node's `server.close()` drops idle keep-alive connections, but a connection that has not sent a
 * request yet is not idle to Node: the close waited for its headers timeout (60 s). The disk-full
 * test's closing hook ran 30–50 s that way now and then (decision 034), and a rolling restart
 * would have waited as long for nothing. A request in progress is still answered; its connection
 * goes when the answer is sent.
 */
export function closeSilentConnections(app: FastifyInstance): void {
  const server: Server = app.server;
  /** Requests each open connection is serving now. */
  const serving = new Map<Socket, number>();
  let closing = false;

  server.on('connection', (socket: Socket) => {
    if (closing) return void socket.destroy();
    serving.set(socket, 0);
    socket.once('close', () => serving.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    serving.set(socket, (serving.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const before = serving.get(socket);
      if (before === undefined) return;
      const left = before - 1;
      serving.set(socket, left);
      // end(), not destroy(): the answer just written is still flushed.
      if (closing && left === 0) socket.end();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const [socket, requests] of serving) if (requests === 0) socket.destroy();
  });
}
