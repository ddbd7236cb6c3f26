import { useId, type ReactNode } from 'react';
import { useConnection } from './connectivity.ts';

/** Said next to an action that needs the server while the server is out of reach. */
export const NEEDS_SERVER_TEXT = 'Sin conexión: esta acción necesita el servidor y se activará cuando vuelva la conexión.';

export interface NeedsServer {
  /** True while offline: the action's button is disabled. */
  offline: boolean;
  /** Spread on each button that needs the server: a tooltip and a link to the visible reason. */
  buttonProps: { title?: string; 'aria-describedby'?: string };
  /** The visible reason, to render once near the buttons (null while online). */
  hint: ReactNode;
}

/**
 * Actions that need the server ('Reintentar', exports, downloads, account changes) are disabled
 * while offline, with the reason visible and tied to the button (title + aria-describedby). A slow
 * link is not offline: they stay enabled.
 */
export function useNeedsServer(): NeedsServer {
  const offline = useConnection() === 'offline';
  const id = useId();
  if (!offline) return { offline, buttonProps: {}, hint: null };
  return {
    offline,
    buttonProps: { title: NEEDS_SERVER_TEXT, 'aria-describedby': id },
    hint: (
      <p id={id} className="needs-server-hint">
        {NEEDS_SERVER_TEXT}
      </p>
    ),
  };
}
