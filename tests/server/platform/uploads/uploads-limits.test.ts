/**
 * Upload limits: a row of millions of cells, a giant cell and a workbook
 * whose shared strings unpack to more than the cap are refused early with a 413 that says why;
 * a refused row's report never echoes a whole cell. No database involved.
 */
import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { errorsPlugin } from '#server/platform/http/errors-plugin.ts';
import { HttpError } from '#server/platform/http/http-error.ts';
import {
  MAX_CELL_CHARS,
  MAX_CELLS_PER_LINE,
  XLSX_MAX_UNPACKED_BYTES,
  readTable,
} from '#server/platform/uploads/read-table.ts';
import { uploadsPlugin } from '#server/platform/uploads/plugin.ts';
import { receiveUpload } from '#server/platform/uploads/receive.ts';
import { testEnv } from '#tests/helpers/server.ts';

/** Reads a table whole, answering the HttpError it refuses with (or null when it reads). */
async function refusal(input: Readable, format: 'csv' | 'xlsx'): Promise<HttpError | null> {
  try {
    for await (const line of readTable(input, { format })) void line;
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

/** A zip of stored-deflated entries, in the order given (the minimal writer a test needs). */
function zip(entries: { name: string; text: string }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, text } of entries) {
    const data = Buffer.from(text);
    const packed = deflateRawSync(data, { level: 9 });
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A one-sheet workbook whose one shared string is `text` (the sheet's A1 points at it). */
function workbook(text: string, sheetFirst = false): Buffer {
  const parts = [
    {
      name: 'xl/workbook.xml',
      text: `<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { name: 'xl/sharedStrings.xml', text: `<sst xmlns="${MAIN}"><si><t>${text}</t></si></sst>` },
    {
      name: 'xl/worksheets/sheet1.xml',
      text: `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`,
    },
  ];
  // Excel stores the sheets before the shared strings: exceljs then parks a sheet in a file.
  return zip(sheetFirst ? [parts[3]!, ...parts.slice(0, 3)] : parts);
}

/** A workbook whose sheet (stored first) unpacks to `bytes` of XML padding. */
function sheetBomb(bytes: number): Buffer {
  const padding = ' '.repeat(bytes);
  return zip([
    {
      name: 'xl/worksheets/sheet1.xml',
      text: `<worksheet xmlns="${MAIN}"><sheetData>${padding}</sheetData></worksheet>`,
    },
    {
      name: 'xl/workbook.xml',
      text: `<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
  ]);
}

describe('upload limits', () => {
  it('reads a small workbook written by the test zip (the fixture itself works)', async () => {
    const lines = [];
    for await (const line of readTable(Readable.from([workbook('запрос')]), { format: 'xlsx' }))
      lines.push(line);
    expect(lines).toEqual([{ line: 1, cells: ['запрос'] }]);
  });

  it('reads a workbook whose sheet comes before its shared strings, as Excel writes them', async () => {
    const lines = [];
    for await (const line of readTable(Readable.from([workbook('цена', true)]), {
      format: 'xlsx',
    }))
      lines.push(line);
    expect(lines).toEqual([{ line: 1, cells: ['цена'] }]);
  });

  it('refuses bytes that are no zip with a 400, the unzipper raising its error at once', async () => {
    for (let i = 0; i < 5; i++) {
      const error = await refusal(Readable.from([Buffer.from('not a zip at all')]), 'xlsx');
      expect(error?.status).toBe(400);
    }
  });

  it('refuses a sheet stored first that unpacks past the cap (it would be parked on disk whole)', async () => {
    const error = await refusal(Readable.from([sheetBomb(XLSX_MAX_UNPACKED_BYTES + 1024)]), 'xlsx');
    expect(error?.status).toBe(413);
    expect(error?.message).toMatch(/unpacks to more than 100 MB/);
  });

  it('refuses shared strings that unpack past the cap, from a file of a few hundred KB', async () => {
    const bomb = workbook('a'.repeat(XLSX_MAX_UNPACKED_BYTES + 1024));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await refusal(Readable.from([bomb]), 'xlsx');
    expect(error?.status).toBe(413);
    expect(error?.message).toMatch(/unpacks to more than 100 MB/);
  });

  it('refuses a CSV line of millions of cells while it streams, before the parser holds the row', async () => {
    const CHUNK = ';'.repeat(1 << 20);
    let sent = 0;
    const endless = new Readable({
      read() {
        sent += 1;
        // 20 M cells in all if nothing stops the read.
        this.push(sent === 1 ? `id;query\n1;${CHUNK}` : sent <= 20 ? CHUNK : null);
      },
    });
    const error = await refusal(endless, 'csv');
    expect(error?.status).toBe(413);
    expect(error?.message).toBe(`Line 2 has more than ${MAX_CELLS_PER_LINE} cells`);
    // Stopped within the first megabytes.
    expect(sent).toBeLessThan(5);
  });

  it('refuses a cell longer than the cap, naming its line', async () => {
    const csv = `id;query\n1;ok\n2;${'я'.repeat(MAX_CELL_CHARS + 1)}\n`;
    const error = await refusal(Readable.from([csv]), 'csv');
    expect(error?.status).toBe(413);
    expect(error?.message).toMatch(/^Line 3: a cell is longer than/);
  });

  it("clips a refused row's id and reason in the report", async () => {
    const app = Fastify();
    app.decorate('env', testEnv());
    await app.register(errorsPlugin);
    await app.register(uploadsPlugin);
    app.post('/upload', async (request) => {
      const received = await receiveUpload(
        request,
        {
          columns: { id: ['id'], query: ['query'] },
          required: ['id'],
          idKey: 'id',
          row: z.object({ id: z.string().max(10), query: z.string().optional() }),
        },
        { maxRows: 10 },
      );
      return received.rejected;
    });
    const form = new FormData();
    form.append('file', new Blob([`id;query\n${'x'.repeat(50_000)};q\n`]), 'list.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    });
    expect(response.statusCode).toBe(200);
    const [rejected] = response.json() as { line: number; id: string; reason: string }[];
    expect(rejected!.line).toBe(2);
    expect(rejected!.id.length).toBeLessThanOrEqual(200);
    expect(rejected!.id.endsWith('…')).toBe(true);
    await app.close();
  });
});
