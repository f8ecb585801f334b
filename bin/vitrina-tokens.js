#!/usr/bin/env node
// vitrina-tokens CLI: loads the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../tokens/node/cli.ts');
process.exitCode = await main(process.argv.slice(2));
