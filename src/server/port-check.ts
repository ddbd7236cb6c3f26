import net from 'node:net';

export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(
      `El puerto ${port} ya está en uso${host === '0.0.0.0' ? '' : ` en ${host}`}: otro programa (¿otro servidor?) lo ocupa. ` +
        `Detén ese programa o elige otro puerto, por ejemplo PORT=${port === 65535 ? port - 1 : port + 1} npm start.`,
    );
  }
}

/** Binds and releases the port, so a busy port stops start-up before anything is created. */
export function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(host, port) : err);
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** True for the error Fastify's listen throws when the port was taken after the check. */
export function isAddressInUse(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}
