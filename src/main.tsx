import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startPwa } from './lib/pwa/start-pwa.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

startPwa();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
