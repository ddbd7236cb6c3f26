import { startConnectivityWatch } from './connectivity.ts';
import { registerServiceWorker } from './sw-client.ts';
import { showUpdatePrompt } from './update-prompt.tsx';

/** Offline plumbing started once from main.tsx: connectivity watch and the service worker. */
export function startPwa(): void {
  startConnectivityWatch();
  registerServiceWorker({ onUpdateReady: showUpdatePrompt });
}
