import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import * as z from 'zod';
import { publicDolyameWidget } from '#contract/public/dolyame.ts';
import { publicBundleView } from '#contract/public/errors.ts';
import type { PublicRouteDef } from '#contract/public/route.ts';
import { errorsPlugin } from '#server/platform/http/errors-plugin.ts';
import {
  registerPublicRoute,
  type PublicRouteContext,
} from '#server/platform/http/register-public-route.ts';

/** A bare server with the app's validation, serialisation and error envelope (server/app.ts). */
async function serverWith(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  register(app);
  await app.ready();
  return app;
}

/** A call with a coerced query, a defaulted body field and an answer that strips extras. */
const probe = {
  method: 'POST',
  path: '/public/probe/:name',
  params: z.strictObject({ name: z.enum(['a', 'b']) }),
  query: z.strictObject({ apiKey: z.string().min(1), size: z.coerce.number().int().max(50) }),
  body: z.strictObject({ ids: z.array(z.string()).min(1), deep: z.boolean().default(false) }),
  answer: z.object({ total: z.number().int() }),
} as const satisfies PublicRouteDef;

describe('registerPublicRoute', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers 400 with the contract schema’s own message to a bad query, and runs no handler', async () => {
    const handler = vi.fn(async () => ({ enabled: true }));
    app = await serverWith((server) => registerPublicRoute(server, publicDolyameWidget, handler));
    const many = new URLSearchParams({ apiKey: 'k' });
    for (let id = 0; id <= 100; id++) many.append('productId', String(id));

    const tooMany = await app.inject({ url: `${publicDolyameWidget.path}?${many}` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      status: 400,
      message: 'Invalid request: querystring.productId: At most 100 productId values at once',
      issues: [
        {
          path: ['querystring', 'productId'],
          code: 'too_big',
          message: 'At most 100 productId values at once',
        },
      ],
    });
    const unknown = await app.inject({ url: `${publicDolyameWidget.path}?apiKey=k&x=1` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'Invalid request: querystring: Unrecognized key: "x"',
    });
    expect((await app.inject({ url: publicDolyameWidget.path })).statusCode).toBe(400);
    expect(handler).not.toHaveBeenCalled();
  });

  it('checks a body the same way: a bad bundle hash is a 400 naming the contract’s reason', async () => {
    const handler = vi.fn(async () => ({ view: 'token' }));
    app = await serverWith((server) => registerPublicRoute(server, publicBundleView, handler));
    const bad = await app.inject({
      method: 'POST',
      url: publicBundleView.path,
      payload: { apiKey: 'k', bundle: 'not-a-hash' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      status: 400,
      message: 'Invalid request: body.bundle: A bundle hash: 64 hex digits',
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('hands the handler its params, query and body as the contract parsed them, typed', async () => {
    const seen: PublicRouteContext<typeof probe>[] = [];
    app = await serverWith((server) =>
      registerPublicRoute(server, probe, async (context) => {
        expectTypeOf(context.params.name).toEqualTypeOf<'a' | 'b'>();
        expectTypeOf(context.query.size).toEqualTypeOf<number>();
        expectTypeOf(context.body.deep).toEqualTypeOf<boolean>();
        seen.push(context);
        // An extra field is stripped by the answer's schema on the way out.
        return { total: context.body.ids.length, secret: 'x' };
      }),
    );
    const answer = await app.inject({
      method: 'POST',
      url: '/public/probe/b?apiKey=k&size=7',
      payload: { ids: ['1', '2'] },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('{"total":2}');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      params: { name: 'b' },
      query: { apiKey: 'k', size: 7 },
      body: { ids: ['1', '2'], deep: false },
    });

    // params, then body, then query: the first part that fails names itself
    const bad = await app.inject({
      method: 'POST',
      url: '/public/probe/c?size=99',
      payload: { ids: [] },
    });
    expect(bad.json()).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Invalid request: params\.name/),
    });
    const badQuery = await app.inject({
      method: 'POST',
      url: '/public/probe/a?apiKey=k&size=99',
      payload: { ids: ['1'] },
    });
    expect(badQuery.json()).toMatchObject({
      status: 400,
      message: 'Invalid request: querystring.size: Too big: expected number to be <=50',
    });
    expect(seen).toHaveLength(1);
  });

  it('leaves an answer the contract does not shape as the handler made it, and a sent reply alone', async () => {
    const free = { method: 'GET', path: '/public/free', query: z.object({}) } as const;
    const silent = { ...free, path: '/public/silent', answer: z.null() } as const;
    app = await serverWith((server) => {
      registerPublicRoute(server, free, async () => ({ b: 1, a: [2] }));
      registerPublicRoute(server, silent, async ({ reply }) => reply.status(204).send());
    });
    expect((await app.inject({ url: '/public/free' })).body).toBe('{"b":1,"a":[2]}');
    const empty = await app.inject({ url: '/public/silent' });
    expect(empty.statusCode).toBe(204);
    expect(empty.body).toBe('');
  });
});
