// The PGlite worker's entry: the worker thread gets its own module loader, so it registers tsx
// before loading the TypeScript worker (pglite-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
