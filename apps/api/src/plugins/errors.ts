import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { NOT_FOUND_ISSUE } from '@bastion/contract';
import type { Database } from '@bastion/db';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { AppError, DatabaseUnavailable, NotFound } from '../lib/errors.ts';

/** Maps every error to the bodies of R11; a 500 never leaks internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  const database = app.database as Database | undefined;
  // Decision 0021: bodies built here use this handler's serializer; AppErrors go through the route's schemas.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    // From here on the body is one of the contract's error shapes, built here: a route's response schema
    // (one may declare its 400 as `{detail}` only) must not turn a field error into a 500.
    reply.type('application/json; charset=utf-8').serializer((body) => JSON.stringify(body));
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A value that names nothing (an id that is not a UUID, a page past any list) is a 404, unless
      // something else in the request is wrong too.
      if (error.validation.every((issue) => namesNothing(issue.params))) {
        const notFound = new NotFound();
        return reply.code(notFound.statusCode).send(notFound.body);
      }
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        if (namesNothing(issue.params)) continue;
        // fastify-type-provider-zod puts the zod code in `keyword`, its path in `instancePath`, the rest in `params`.
        const keys = (issue.params as { keys?: unknown }).keys;
        if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
          for (const key of keys) addError(fields, String(key), 'Unknown field.');
          continue;
        }
        const path = issue.instancePath.split('/').filter(Boolean);
        const field = path.length
          ? path.join('.')
          : error.validationContext === 'body'
            ? 'non_field_errors'
            : String(error.validationContext ?? 'non_field_errors');
        const message = issue.message ?? 'Invalid value.';
        addError(fields, field, /received undefined/.test(message) ? 'This field is required.' : message);
      }
      return reply.code(400).send(fields);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ detail: 'Internal server error.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 && isDatabaseUnavailable(error, { pgliteClosed: database?.pglite?.closed })) {
      request.log.warn({ err: error }, 'database unavailable');
      const unavailable = new DatabaseUnavailable();
      return reply.code(unavailable.statusCode).headers(unavailable.headers).send(unavailable.body);
    }
    if (status === 429) return reply.code(429).send({ detail: 'Request was throttled. Please try again later.' });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: clientErrorText(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error.' });
  });
});

/** fastify-type-provider-zod keeps a custom issue's own `params` under `params.params`. */
function namesNothing(params: Record<string, unknown>): boolean {
  const own = params.params as Record<string, unknown> | undefined;
  return own?.status === NOT_FOUND_ISSUE.status;
}

function addError(fields: Record<string, string[]>, field: string, message: string) {
  (fields[field] ??= []).push(message);
}

function clientErrorText(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON in request body.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported media type in request.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Invalid Content-Length header.';
    default:
      return error.statusCode === 404 ? 'Not found.' : 'Bad request.';
  }
}
