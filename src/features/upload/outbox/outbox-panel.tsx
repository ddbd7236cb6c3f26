import { formatMegabytes } from '../../../lib/format-number.ts';
import { useNeedsServer, type NeedsServer } from '../../../lib/pwa/needs-server.tsx';
import type { OutboxItem } from './outbox-types.ts';
import { OUTBOX_TEXT } from './outbox-messages.ts';
import { useOutbox } from './use-outbox.ts';

interface RowProps {
  item: OutboxItem;
  onRetry: () => void;
  onRemove: () => void;
  server: NeedsServer;
}

function OutboxRow({ item, onRetry, onRemove, server }: RowProps) {
  const percent = Math.round(item.progress * 100);
  return (
    <li className={`outbox-item is-${item.state}`} data-state={item.state}>
      <div className="outbox-item-main">
        <span className="outbox-name">{item.name}</span>
        <span className="outbox-size">{formatMegabytes(item.size)}</span>
        <span className={`outbox-state state-${item.state}`}>{OUTBOX_TEXT.states[item.state]}</span>
      </div>
      {item.state === 'sending' ? (
        <progress className="outbox-progress" max={100} value={percent} aria-label={`${OUTBOX_TEXT.states.sending} ${item.name}`}>
          {percent}%
        </progress>
      ) : null}
      {item.reason && item.state !== 'sent' ? (
        <div className={item.state === 'error' ? 'outbox-reason is-error' : 'outbox-reason'}>{item.reason}</div>
      ) : null}
      <div className="outbox-actions">
        {item.state === 'error' ? (
          <button
            type="button"
            className="btn btn-sm"
            onClick={onRetry}
            aria-label={`${OUTBOX_TEXT.retry} ${item.name}`}
            disabled={server.offline}
            {...server.buttonProps}
          >
            {OUTBOX_TEXT.retry}
          </button>
        ) : null}
        {item.state !== 'sending' ? (
          <button type="button" className="btn btn-sm" onClick={onRemove} aria-label={`${OUTBOX_TEXT.remove} ${item.name}`}>
            {OUTBOX_TEXT.remove}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The outbox on the upload screen: each queued file with its state, 'Reintentar' and 'Quitar'.
 * 'Reintentar' needs the server, so it waits, disabled with its reason, while offline (the queue
 * goes out by itself when the connection is back).
 */
export function OutboxPanel() {
  const { outbox, snapshot } = useOutbox();
  const server = useNeedsServer();
  const waitingRetry = snapshot.items.some((i) => i.state === 'pending') && !snapshot.sending;
  return (
    <>
      {snapshot.items.length > 0 ? (
        <section className="card outbox" aria-label={OUTBOX_TEXT.title}>
          <div className="outbox-header">
            <h2 className="card-title">{OUTBOX_TEXT.title}</h2>
            {waitingRetry ? (
              <button type="button" className="btn btn-sm btn-primary" onClick={() => void outbox.retry()} disabled={server.offline} {...server.buttonProps}>
                {OUTBOX_TEXT.retry}
              </button>
            ) : null}
          </div>
          {server.hint}
          <ul className="outbox-list">
            {snapshot.items.map((item) => (
              <OutboxRow
                key={item.id}
                item={item}
                server={server}
                onRetry={() => void outbox.retry(item.id)}
                onRemove={() => void outbox.remove(item.id)}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
