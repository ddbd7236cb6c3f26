import { formatDateTime } from '../dates.ts';
import { useLatestCachedServe } from './cached-data.ts';
import { useReachable } from './connectivity.ts';
import './offline-data-notice.css';

export const offlineDataLabel = (date: string) => `Sin conexión — datos del ${date}`;

/** Above a screen's data while it shows answers the service worker kept: says how old they are. */
export function OfflineDataNotice() {
  const reachable = useReachable();
  const served = useLatestCachedServe();
  if (reachable || !served?.cachedAt) return null;
  return (
    <div className="offline-data-notice" role="status">
      {offlineDataLabel(formatDateTime(served.cachedAt))}
    </div>
  );
}
