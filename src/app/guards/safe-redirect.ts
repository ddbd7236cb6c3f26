import { DEFAULT_LANDING } from '../../shared/paths.ts';

/** Only same-origin paths: a crafted `?redirectTo=//evil.example` must not leave the app. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return DEFAULT_LANDING;
  if (target === '/' || target.startsWith('/login')) return DEFAULT_LANDING;
  return target;
}
