import { SERVER_MESSAGES } from '../shared/messages/server.ts';
import { HttpError } from './errors.ts';

/**
 * At most `concurrency` pieces of work run at once, `queueMax` more wait in order, beyond that a
 * 503 `SERVER_BUSY` in Spanish (`busyDetail` says which work, in English, for the log and tools).
 * For work whose cost one request chooses: password hashes (decision 036), document reviews.
 */
export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueMax: number,
    private readonly busyDetail: string,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.queueMax) throw new HttpError(503, 'SERVER_BUSY', SERVER_MESSAGES.serverBusy, this.busyDetail);
      // The slot is handed over by the finishing work, so `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
