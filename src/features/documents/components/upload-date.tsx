import { useState } from 'react';
import { formatDateTime, formatRelativeShort } from '../../../lib/dates.ts';

/**
 * The card's upload date (spec §2): relative by default; hovering or focusing switches to the
 * absolute form, and the tooltip always offers the other one.
 */
export function UploadDate({ value, focusable = true }: { value: string | null; /** False inside a link: the link takes the focus. */ focusable?: boolean }) {
  const [absolute, setAbsolute] = useState(false);
  const relative = formatRelativeShort(value);
  const full = formatDateTime(value);
  return (
    <time
      className="upload-date"
      dateTime={value ?? undefined}
      title={absolute ? relative : full}
      tabIndex={focusable ? 0 : undefined}
      onMouseEnter={() => setAbsolute(true)}
      onMouseLeave={() => setAbsolute(false)}
      onFocus={() => setAbsolute(true)}
      onBlur={() => setAbsolute(false)}
    >
      {absolute ? full : relative}
    </time>
  );
}
