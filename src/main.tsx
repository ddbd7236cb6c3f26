import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startEarly } from './app/start-early.ts';
import { startPwa } from './lib/pwa/start-pwa.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

startPwa();
// The static spinner of index.html stays until the route's chunks (and, signed in, the session check
// and the data screen's answers) are in: React's first render then shows the whole screen at once
// (app/start-early.ts). A link that stalls does not hold React back longer than
// FIRST_RENDER_WAIT_MS: it then renders and suspends on them as before.
const FIRST_RENDER_WAIT_MS = 3_000;
const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
void Promise.race([startEarly(window.location), waited]).then(() =>
  // A transition: React renders the screen in slices of a few ms, yielding to the browser between
  // them, instead of one task of a few hundred ms at a phone's speed (Lighthouse's TBT, issue 14).
  // Nothing is on screen to keep meanwhile but the static spinner.
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
