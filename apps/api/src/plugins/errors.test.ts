import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParams, line, PAGING, pageQuery } from '@bastion/contract';
import { DATABASE_RETRY_AFTER_SECONDS } from '../lib/errors.ts';
import { createSerializerCompiler } from '../lib/serializer.ts';
import { errorsPlugin } from './errors.ts';

const app = Fastify().withTypeProvider<ZodTypeProvider>();
const ID = '6f1c1a9e-8a52-4c36-9a57-8d8f3a6c2b11';

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ verify: true }));
  await app.register(errorsPlugin);
  app.post(
    '/things/:id/',
    {
      schema: {
        params: idParams,
        querystring: pageQuery,
        body: z.strictObject({ name: line().min(1) }),
        // A route may document its own 400 narrower than the field errors validation produces.
        response: { 200: z.object({ ok: z.boolean() }), 400: z.object({ detail: z.string() }) },
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/refused/', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    throw new DrizzleQueryError('select * from users where email = $1', ['ada@example.test'], refused);
  });
  app.get('/broken/', async () => {
    throw new Error('a bug');
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

describe('the error handler', () => {
  it('answers a bad field with the contract’s field error even where the route documents its 400 as {detail}', async () => {
    const response = await post(`/things/${ID}/`, { name: 'a\u0000b' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({ name: [expect.stringMatching(/control characters/)] });
  });

  it('answers an id that is not a UUID, and a page deeper than any list, with the contract 404', async () => {
    for (const url of ['/things/not-a-uuid/', `/things/${ID}/?page=${PAGING.maxPage + 1}`]) {
      const response = await post(url, { name: 'x' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('keeps the field errors when a not-found value comes with other invalid values', async () => {
    const response = await post(`/things/${ID}/?page=${PAGING.maxPage + 1}&page_size=0`, { name: 'x' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['page_size']);
  });

  it('answers an unreachable database with 503 and Retry-After', async () => {
    const response = await app.inject({ url: '/refused/' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({ detail: expect.stringMatching(/temporarily unavailable/) });
  });

  it('answers anything else with a 500 that says nothing', async () => {
    const response = await app.inject({ url: '/broken/' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error.' });
  });
});
