/** tus-js-client, as its own chunk (`tus-client-*.js`, ≈15 KB gzip): loaded at the first send, never on the first visit. */
export { Upload, defaultOptions } from 'tus-js-client';
