// Decision 0014: fast-json-stringify from each route's zod schema, checked against zod outside production.
import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { thenApply } from './then-apply.ts';

type SerializerInput = Parameters<FastifySerializerCompiler<unknown>>[0];

function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/**
 * Response serialisation from the routes' zod schemas, compiled once per route into fast-json-stringify
 * (the serializer Fastify itself uses for JSON Schema). Like the zod serializer it writes only the declared
 * properties, so nothing a service returns by mistake (a hash, an email) leaves the server; unlike it, it
 * does not re-validate every response, which was a third of a list route's time.
 *
 * `verify` (every environment but production) also runs the zod serializer and fails the response when the
 * two disagree or the data does not match its schema, so the test suite checks each route against both.
 * A schema JSON Schema cannot express (a transform, a date object) keeps the zod serializer.
 */
export function createSerializerCompiler({ verify }: { verify: boolean }) {
  return (input: SerializerInput) => {
    const schema = zodSchemaOf(input.schema);
    const viaZod = zodSerializerCompiler(input as Parameters<typeof zodSerializerCompiler>[0]);
    if (!schema) return viaZod;
    let stringify: (data: unknown) => string;
    try {
      const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
      stringify = fastJson(json as Parameters<typeof fastJson>[0]);
    } catch {
      return viaZod;
    }
    if (!verify) return stringify;
    return (data: unknown) => {
      const expected = viaZod(data);
      const fast = stringify(data);
      if (fast !== expected) {
        throw new Error(
          `Response of ${input.method} ${input.url}: fast serializer wrote ${fast}, zod wrote ${expected}`,
        );
      }
      return fast;
    };
  };
}

/**
 * For a route that answers with values kept in a cache: each kept value is serialised (by the route's
 * response schema) once, and its text sent again while the same value is kept. Keyed by the value itself,
 * so the text goes when the cache lets the value go. Takes the value or a promise of it; return its result
 * from the handler (nothing when sent at once, a promise when the value comes later).
 */
export function serialisedOnce() {
  const texts = new WeakMap<object, ReturnType<FastifyReply['serialize']>>();
  const send = (reply: FastifyReply, value: object) => {
    let text = texts.get(value);
    if (text === undefined) {
      text = reply.serialize(value);
      texts.set(value, text);
    }
    reply.type('application/json; charset=utf-8').send(text);
  };
  return (reply: FastifyReply, value: object | Promise<object>): void | Promise<void> =>
    thenApply(value, (resolved) => send(reply, resolved));
}
