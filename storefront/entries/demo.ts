/**
 * The plain-HTML demo's bundle: the full runtime plus the fixture catalog's in-memory source, so
 * the demo page works without a server (`?source=memory`, the default when no apiKey is given).
 */
export * from './full.ts';
export { createMemorySource } from '../fixtures/memory-source.ts';
