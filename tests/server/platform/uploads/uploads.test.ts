/**
 * The upload module (server/uploads): multipart in, streaming CSV/XLSX parse, zod per row, one
 * transaction, a per-row report; on both databases.
 */
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/platform/db/client.ts';
import { errorsPlugin } from '#server/platform/http/errors-plugin.ts';
import { uploadsPlugin } from '#server/platform/uploads/plugin.ts';
import { applyUpload, receiveUpload, type UploadSpec } from '#server/platform/uploads/receive.ts';
import { HttpError } from '#server/platform/http/http-error.ts';
import { createTestDatabase, DATABASES, testEnv } from '#tests/helpers/server.ts';

interface SynonymRow {
  id: string;
  query: string;
  weight: number;
}

const spec: UploadSpec<SynonymRow> = {
  columns: { id: ['id'], query: ['query', 'запрос'], weight: ['weight', 'вес'] },
  required: ['id', 'query'],
  idKey: 'id',
  row: z.object({
    id: z.string().regex(/^\d+$/, 'must be a number'),
    query: z.string().min(1),
    weight: z.coerce.number().min(0).max(10).default(1),
  }),
};

async function multipart(
  file: { name: string; bytes: Uint8Array<ArrayBuffer> | string } | null,
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** Windows-1251 bytes of a text in Latin letters, digits and Russian letters. */
function cp1251(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(
    [...text].map((char) => {
      const code = char.codePointAt(0)!;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      throw new Error(`not in the test's cp1251 subset: ${char}`);
    }),
  );
}

async function xlsx(rows: (string | number)[][]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('rules');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe.each(DATABASES)('uploads on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.executeSql(
      'create table upload_probe (id integer primary key, query text not null, weight real not null)',
    );
    app = Fastify();
    app.decorate('env', testEnv({ UPLOAD_MAX_BYTES: '16384', UPLOAD_MAX_ROWS: '50' }));
    await app.register(errorsPlugin);
    await app.register(uploadsPlugin);
    app.post('/upload', async (request) => {
      const received = await receiveUpload(request, spec, { maxRows: app.env.UPLOAD_MAX_ROWS });
      return applyUpload(database, received, async (tx, rows) => {
        if (received.fields['fail'] === 'yes') {
          await tx.execute(sql`insert into upload_probe values (999, 'half-written', 1)`);
          throw new HttpError(409, 'applier refused the upload');
        }
        const refused = [];
        for (const { line, row, id } of rows) {
          const inserted = await tx.execute(
            sql`insert into upload_probe values (${Number(row.id)}, ${row.query}, ${row.weight})
                on conflict (id) do nothing returning id`,
          );
          if ((inserted as { rows: unknown[] }).rows.length === 0)
            refused.push({ line, reason: 'duplicate id', ...(id && { id }) });
        }
        return refused;
      });
    });
    app.post('/fields', async (request) => {
      const received = await receiveUpload(request, spec, { maxRows: 50 });
      return received.fields;
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function upload(
    file: { name: string; bytes: Uint8Array<ArrayBuffer> | string } | null,
    fields = {},
  ) {
    const { payload, headers } = await multipart(file, fields);
    return app.inject({ method: 'POST', url: '/upload', payload, headers });
  }

  async function probeRows(): Promise<unknown[]> {
    const result = await database.executeSql('select id, query from upload_probe order by id');
    return result.rows;
  }

  async function clear() {
    await database.executeSql('delete from upload_probe');
  }

  it('applies the valid rows of a CSV and reports each refused row with its line and reason', async () => {
    await clear();
    const csv = 'id;запрос;вес\n1;платье;2\n2;;1\nx;юбка;1\n3;блузка;11\n4;свитер;\n1;снова;1\n';
    const response = await upload({ name: 'rules.csv', bytes: csv });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.total).toBe(6);
    expect(report.accepted).toBe(2);
    expect(report.rejected).toEqual([
      { line: 3, id: '2', reason: expect.stringContaining('query') },
      { line: 4, id: 'x', reason: expect.stringContaining('must be a number') },
      { line: 5, id: '3', reason: expect.stringContaining('weight') },
      { line: 7, id: '1', reason: 'duplicate id' },
    ]);
    expect(await probeRows()).toEqual([
      { id: 1, query: 'платье' },
      { id: 4, query: 'свитер' },
    ]);
  });

  it('reads an Excel workbook the same way', async () => {
    await clear();
    const bytes = await xlsx([
      ['ID', 'Query', 'Weight'],
      [10, 'кеды', 3],
      [11, '', 1],
      [12, 'шарф', 1],
    ]);
    const report = (await upload({ name: 'rules.xlsx', bytes })).json();
    expect(report).toEqual({
      total: 3,
      accepted: 2,
      rejected: [{ line: 3, id: '11', reason: expect.stringContaining('query') }],
    });
    expect(await probeRows()).toEqual([
      { id: 10, query: 'кеды' },
      { id: 12, query: 'шарф' },
    ]);
  });

  it('reads a comma-separated file with a byte-order mark and quoted cells', async () => {
    await clear();
    const csv = '\ufeffid,query,weight\n20,"платье, летнее",1\n';
    const report = (await upload({ name: 'rules.csv', bytes: csv })).json();
    expect(report).toEqual({ total: 1, accepted: 1, rejected: [] });
    expect(await probeRows()).toEqual([{ id: 20, query: 'платье, летнее' }]);
  });

  it('rolls every row back when the applier fails, and says why', async () => {
    await clear();
    const response = await upload(
      { name: 'rules.csv', bytes: 'id;query\n30;пальто\n' },
      { fail: 'yes' },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('applier refused the upload');
    expect(await probeRows()).toEqual([]);
  });

  it.each([
    [
      'a file over the size limit',
      { name: 'big.csv', bytes: `id;query\n1;${'x'.repeat(20_000)}\n` },
      413,
      'larger than',
    ],
    [
      'more rows than allowed',
      {
        name: 'many.csv',
        bytes: `id;query\n${Array.from({ length: 60 }, (_, i) => `${i};q`).join('\n')}`,
      },
      413,
      'more than 50 rows',
    ],
    [
      'a missing required column',
      { name: 'rules.csv', bytes: 'id;weight\n1;2\n' },
      400,
      'no column query',
    ],
    [
      'invalid UTF-8',
      {
        name: 'rules.csv',
        bytes: Uint8Array.from([0x69, 0x64, 0x3b, 0x71, 0x0a, 0x31, 0x3b, 0xff, 0xfe, 0x0a]),
      },
      400,
      'not valid UTF-8',
    ],
    [
      'a file type that is not a table',
      { name: 'rules.pdf', bytes: '%PDF-1.4' },
      415,
      'Unsupported file type',
    ],
    ['a broken workbook', { name: 'rules.xlsx', bytes: 'not a zip' }, 400, 'Excel workbook'],
    [
      'a NUL byte in a cell',
      { name: 'rules.csv', bytes: 'id;query\n1;ok\n2;bad\u0000cell\n' },
      400,
      'Line 3: a cell holds a NUL character',
    ],
  ])('refuses %s whole and changes nothing', async (_name, file, status, message) => {
    await clear();
    const response = await upload(file);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toContain(message);
    expect(await probeRows()).toEqual([]);
  });

  it('refuses a request without a file or not sent as multipart', async () => {
    expect((await upload(null, { vertical: 'fashion' })).statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/upload', payload: { id: 1 } });
    expect(json.statusCode).toBe(415);
  });

  it('hands the form fields sent beside the file to the route', async () => {
    const { payload, headers } = await multipart(
      { name: 'rules.csv', bytes: 'id;query\n1;a\n' },
      { vertical: 'fashion', enableOnSiteId: '1', disableOther: 'true' },
    );
    const response = await app.inject({ method: 'POST', url: '/fields', payload, headers });
    expect(response.json()).toEqual({
      vertical: 'fashion',
      enableOnSiteId: '1',
      disableOther: 'true',
    });
  });
});

describe('CP1251 tables', () => {
  it('decodes a Windows-1251 CSV when the kind of upload says so', async () => {
    const app = Fastify();
    app.decorate('env', testEnv());
    await app.register(errorsPlugin);
    await app.register(uploadsPlugin);
    app.post('/upload', async (request) => {
      const received = await receiveUpload(
        request,
        { ...spec, csv: { encoding: 'windows-1251' } },
        { maxRows: 10 },
      );
      return received.rows.map((r) => r.row.query);
    });
    const { payload, headers } = await multipart({
      name: 'facets.csv',
      bytes: cp1251('id;query\n1;Платье\n2;юбка\n'),
    });
    const response = await app.inject({ method: 'POST', url: '/upload', payload, headers });
    expect(response.json()).toEqual(['Платье', 'юбка']);
    await app.close();
  });
});

describe('large tables', () => {
  it('reads a 100 000-row CSV handed over in one piece, and refuses one row more', async () => {
    // Before the parser was fed in slices this took minutes (papaparse re-copied the rest of its
    // chunk every 16 rows) and the upload seemed to stall.
    const app = Fastify();
    app.decorate('env', testEnv());
    await app.register(errorsPlugin);
    await app.register(uploadsPlugin);
    app.post('/upload', async (request) => {
      const received = await receiveUpload(request, spec, { maxRows: 100_000 });
      return { total: received.total, accepted: received.rows.length, last: received.rows.at(-1) };
    });
    const send = async (rows: number) => {
      const csv = `id;query\n${Array.from({ length: rows }, (_, i) => `${i};запрос ${i}`).join('\n')}\n`;
      const { payload, headers } = await multipart({ name: 'big.csv', bytes: csv });
      return app.inject({ method: 'POST', url: '/upload', payload, headers });
    };
    const accepted = await send(100_000);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      total: 100_000,
      accepted: 100_000,
      last: { line: 100_001, id: '99999', row: { id: '99999', query: 'запрос 99999', weight: 1 } },
    });
    const refused = await send(100_001);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().details).toEqual({ maxRows: 100_000 });
    await app.close();
  }, 120_000);
});
