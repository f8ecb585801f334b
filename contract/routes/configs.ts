/**
 * The config calls of spec part 1 §7 "Configuration reads" and "Configuration writes, preview,
 * generate, deploy": reads (configs-reads.ts), writes (configs-writes.ts), jobs and bundles
 * (configs-jobs.ts), over what they share (configs-shared.ts). Role checks finer than a route
 * (which kind, which copy) are made by the handler with CONFIG_ROLES; the route-level roles are
 * the union.
 */
export { singleConfigSchemas } from './configs-shared.ts';
export * from './configs-reads.ts';
export * from './configs-writes.ts';
export * from './configs-jobs.ts';
