import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startEarly } from './app/start-early.ts';
import { startPwa } from './lib/pwa/start-pwa.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

startPwa();
// The static spinner of index.html stays until the route's chunks are in: React's first render
// then shows the screen without suspending (app/start-early.ts).
void startEarly(window.location).then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
