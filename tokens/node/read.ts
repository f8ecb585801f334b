/**
 * Reading token input from disk: a folder (Tokens Studio multi-file export:
 * every `*.json` is a set named by its path without `.json`, plus
 * `$themes.json` and `$metadata.json`) or one JSON file (single-file export
 * or one tree).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { MultiFileInput, ThemeEntry, TokenInput, TokenTree } from '../core/types.ts';

export class UnreadableInputError extends Error {}

async function readJson(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UnreadableInputError(
      `${file}: invalid JSON (${e instanceof Error ? e.message : String(e)})`,
    );
  }
}

async function walk(dir: string, out: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && !e.name.startsWith('.')) await walk(p, out);
    } else if (e.isFile() && e.name.endsWith('.json')) out.push(p);
  }
}

export async function readTokenFolder(dir: string): Promise<MultiFileInput> {
  const files: string[] = [];
  await walk(dir, files);
  const input: MultiFileInput = { sets: {} };
  for (const f of files) {
    const rel = relative(dir, f).split(sep).join('/');
    const data = await readJson(f);
    if (rel === '$themes.json') {
      if (Array.isArray(data)) input.themes = data as ThemeEntry[];
      continue;
    }
    if (rel === '$metadata.json') {
      if (typeof data === 'object' && data !== null)
        input.metadata = data as MultiFileInput['metadata'] & object;
      continue;
    }
    if (typeof data === 'object' && data !== null && !Array.isArray(data))
      input.sets[rel.slice(0, -'.json'.length)] = data as TokenTree;
  }
  if (!input.metadata) input.metadata = {};
  return input;
}

/** Reads a folder or a file; rejects with UnreadableInputError when it cannot. */
export async function readTokenInput(path: string): Promise<TokenInput> {
  let st;
  try {
    st = await stat(path);
  } catch {
    throw new UnreadableInputError(`${path}: no such file or folder`);
  }
  try {
    if (st.isDirectory()) return await readTokenFolder(path);
    const data = await readJson(path);
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      throw new UnreadableInputError(`${path}: not a JSON object`);
    return data as TokenInput;
  } catch (e) {
    if (e instanceof UnreadableInputError) throw e;
    throw new UnreadableInputError(`${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
