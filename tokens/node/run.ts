/** Entry point: `node --import tsx tokens/node/run.ts build …`. */
import { main } from './cli.ts';

process.exitCode = await main(process.argv.slice(2));
