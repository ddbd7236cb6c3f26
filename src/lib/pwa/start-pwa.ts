import { requestsInFlight } from '../requests-in-flight.ts';
import { startConnectivityWatch } from './connectivity.ts';
import { registerServiceWorker } from './sw-client.ts';
import { addBusySource } from './update-gate.ts';
import { showUpdatePrompt } from './update-prompt.tsx';

/** Offline plumbing started once from main.tsx: connectivity watch and the service worker. */
export function startPwa(): void {
  startConnectivityWatch();
  addBusySource(requestsInFlight);
  registerServiceWorker({ onUpdateReady: showUpdatePrompt });
}
