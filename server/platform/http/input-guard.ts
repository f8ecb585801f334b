import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './http-error.ts';

/** Deeper JSON than this is no config or event (a deep config save gave a 500). */
export const MAX_JSON_DEPTH = 64;

/**
 * The first problem of a parsed input: a NUL character in any string or key (PostgreSQL text
 * refuses it, which surfaced as 500s in search, apiKey, categoryId and site names), or nesting
 * deeper than MAX_JSON_DEPTH. Iterative, so a hostile depth cannot overflow the stack.
 */
export function inputProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return 'a NUL character is not allowed';
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= MAX_JSON_DEPTH) return `nested deeper than ${MAX_JSON_DEPTH} levels`;
    for (const [key, child] of Object.entries(item)) {
      if (key.includes('\u0000')) return 'a NUL character is not allowed';
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

/** One guard for every route's query, path parameters and body, before validation: 400. */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const problem = inputProblem(value);
      if (problem) throw new HttpError(400, `Invalid request: ${part}: ${problem}`);
    }
  });
});
