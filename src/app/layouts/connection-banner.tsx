import { Link, useLocation } from 'react-router-dom';
import { OUTBOX_TEXT } from '../../features/upload/outbox/outbox-messages.ts';
import { useOutbox } from '../../features/upload/outbox/use-outbox.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useLatestCachedServe } from '../../lib/pwa/cached-data.ts';
import { useConnection, type Connection } from '../../lib/pwa/connectivity.ts';
import { paths } from '../../shared/paths.ts';
import { connectionMessages as text } from '../messages.ts';

export interface BannerInput {
  connection: Connection;
  /** The upload screen, where the queue itself is on show. */
  onUploadScreen: boolean;
  /** Files of this user still to be sent. */
  waiting: number;
  /** Date (already formatted) of the cached answers on screen, if the worker served any. */
  cachedDate: string | null;
}

export interface Banner {
  tone: 'offline' | 'slow' | 'info';
  title: string;
  details: string[];
  /** A way to the queue, from screens other than the upload screen. */
  toQueue: boolean;
}

/**
 * One banner at a time (issue 11): offline before slow before files waiting. Offline on the upload
 * screen, or with files waiting, the banner speaks of the files; elsewhere of the data on screen.
 */
export function chooseBanner({ connection, onUploadScreen, waiting, cachedDate }: BannerInput): Banner | null {
  const aboutFiles = onUploadScreen || waiting > 0;
  if (connection === 'offline') {
    if (aboutFiles) {
      return { tone: 'offline', title: OUTBOX_TEXT.offlineBanner, details: cachedDate ? [text.savedData(cachedDate)] : [], toQueue: false };
    }
    return { tone: 'offline', title: cachedDate ? text.offlineData(cachedDate) : text.offline, details: [], toQueue: false };
  }
  if (connection === 'slow') {
    const details: string[] = [waiting > 0 ? text.slowSending : text.slowPages];
    if (cachedDate) details.push(text.savedData(cachedDate));
    return { tone: 'slow', title: text.slow, details, toQueue: waiting > 0 && !onUploadScreen };
  }
  if (waiting > 0 && !onUploadScreen) return { tone: 'info', title: text.waiting(waiting), details: [], toQueue: true };
  return null;
}

/** The signed-in layout's single status line about the connection and the outbox. */
export function ConnectionBanner() {
  const connection = useConnection();
  const { snapshot } = useOutbox();
  const served = useLatestCachedServe();
  const { pathname } = useLocation();
  const banner = chooseBanner({
    connection,
    onUploadScreen: pathname.startsWith(paths.dashboard.upload.path),
    waiting: snapshot.waiting,
    cachedDate: served?.cachedAt ? formatDateTime(served.cachedAt) : null,
  });
  if (!banner) return null;
  return (
    <div className={`connection-banner is-${banner.tone}`} role="status" data-testid="connection-banner">
      <div className="connection-banner-text">
        <strong className="connection-banner-title">{banner.title}</strong>
        {banner.details.map((line) => (
          <span key={line} className="connection-banner-detail">
            {line}
          </span>
        ))}
      </div>
      {banner.toQueue ? (
        <Link className="btn btn-secondary connection-banner-link" to={paths.dashboard.upload.getHref()}>
          {text.seeQueue}
        </Link>
      ) : null}
    </div>
  );
}
