/**
 * The embedded database's thread: PGlite runs here, off the server's event loop,
 * with a large native stack (the engine starts it with resourceLimits.stackSizeMb) so a deep SQL
 * expression cannot overflow the stack inside PGlite's WASM. One request at a time, in arrival
 * order, low-priority (bounded public) ones only when nothing else waits; while a transaction is
 * open only its own statements run. pglite-engine.ts is the other
 * side and holds the watchdog.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import {
  serializeError,
  type Cancel,
  type QueryAnswer,
  type Reply,
  type Request,
  type WorkerData,
} from './pglite-protocol.ts';

const port = parentPort!;
const { dataDir, migrationsFolder, startFrom, wasmModule } = workerData as WorkerData;
const post = (reply: Reply) => port.postMessage(reply);
const identity = (value: unknown) => value;

let pglite: PGlite;
const pending: Request[] = [];
let openTx: number | null = null;
let lastTx = 0;
let pumping = false;

function answer(result: {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}): QueryAnswer {
  return {
    rows: result.rows,
    fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    affectedRows: result.affectedRows,
  };
}

async function execute(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return answer(
        await pglite.query(request.text, request.params, {
          rowMode: request.rowMode,
          parsers: Object.fromEntries(request.rawTypes.map((oid) => [oid, identity])),
        }),
      );
    case 'exec':
      return (await pglite.exec(request.text)).map(answer);
    case 'begin':
      await pglite.exec('begin');
      openTx = ++lastTx;
      return { tx: openTx };
    case 'commit':
    case 'rollback':
      try {
        await pglite.exec(request.op);
      } finally {
        openTx = null;
      }
      return null;
    case 'listen':
      await pglite.listen(request.channel, (payload) =>
        post({ type: 'notify', channel: request.channel, payload }),
      );
      return null;
    case 'close':
      await pglite.close();
      return null;
  }
}

/** The next request allowed to run: the open transaction's, else the oldest, low ones last. */
function next(): Request | undefined {
  let index: number;
  if (openTx !== null)
    index = pending.findIndex((request) => 'tx' in request && request.tx === openTx);
  else {
    index = pending.findIndex((request) => !request.low);
    if (index < 0 && pending.length) index = 0;
  }
  return index < 0 ? undefined : pending.splice(index, 1)[0];
}

async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  try {
    for (let request = next(); request; request = next()) {
      const tx = 'tx' in request ? request.tx : undefined;
      if (tx !== undefined && tx !== openTx) {
        post({
          type: 'failed',
          id: request.id,
          error: { message: 'The transaction is no longer open (the database was restarted)' },
        });
        continue;
      }
      post({ type: 'running', id: request.id });
      try {
        post({ type: 'done', id: request.id, result: await execute(request) });
      } catch (error) {
        post({ type: 'failed', id: request.id, error: serializeError(error) });
      }
    }
  } finally {
    pumping = false;
  }
}

async function start(): Promise<void> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // A data directory that holds a database opens it (a restart reopens the same one); an empty
  // one, like memory, starts from the dump when there is one.
  const empty = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
  pglite = await PGlite.create({
    ...(dataDir && { dataDir }),
    ...(startFrom && empty && { loadDataDir: new Blob([readFileSync(startFrom)]) }),
    pgliteWasmModule: wasmModule,
    extensions: { pg_trgm },
  });
  await migrate(drizzle({ client: pglite }), { migrationsFolder });
  port.on('message', (message: Request | Cancel) => {
    if (message.op === 'cancel') {
      const index = pending.findIndex((request) => request.id === message.id);
      if (index >= 0) pending.splice(index, 1);
      return;
    }
    pending.push(message);
    void pump();
  });
  post({ type: 'ready' });
}

start().catch((error: unknown) => post({ type: 'startup-failed', error: serializeError(error) }));
