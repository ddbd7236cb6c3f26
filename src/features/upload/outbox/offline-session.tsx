import { useEffect } from 'react';
import { announceUser } from '../../../lib/pwa/sw-client.ts';
import { getToken } from '../../../lib/token-store.ts';
import { useOutboxInstance } from './use-outbox.ts';

/**
 * Mounted by the signed-in layout: tells the outbox and the service worker who is signed in, which
 * starts sending that user's queued files (the 'app start' trigger) and files API answers in that
 * user's cache.
 */
export function OfflineSession({ userId }: { userId: string | number | null }) {
  const outbox = useOutboxInstance();
  const owner = userId === null ? null : String(userId);
  useEffect(() => {
    void outbox.setOwner(owner);
    const token = getToken();
    if (owner && token) announceUser(owner, token);
  }, [outbox, owner]);
  return null;
}
