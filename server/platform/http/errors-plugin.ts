import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '#contract/errors.ts';
import { findCause } from './db-errors.ts';
import { HttpError } from './http-error.ts';

interface ValidationItem {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: { params?: { reason?: unknown } };
}

function validationBody(error: FastifyError): ApiErrorBody {
  const context = error.validationContext ?? 'body';
  const issues = ((error.validation ?? []) as unknown as ValidationItem[]).map((item) => ({
    path: [
      context,
      ...item.instancePath
        .split('/')
        .filter(Boolean)
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    ],
    // a contract refinement may name its own reason (e.g. password_too_short)
    code:
      typeof item.params?.params?.reason === 'string' ? item.params.params.reason : item.keyword,
    message: item.message ?? 'Invalid value',
  }));
  const first = issues[0];
  return {
    status: 400,
    message: first
      ? `Invalid request: ${first.path.join('.')}: ${first.message}`
      : 'Invalid request',
    issues,
  };
}

/** One error handler, one envelope {status, message, issues?}; stacks only in the log. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error));
    }
    // Drizzle wraps what the driver threw (a restart of the embedded engine is a 503, not a 500).
    const expected = findCause(error, (cause): cause is HttpError => cause instanceof HttpError);
    if (expected) {
      const body: ApiErrorBody & { details?: unknown } = {
        ...expected.fields,
        status: expected.status,
        message: expected.message,
      };
      if (expected.details !== undefined) body.details = expected.details;
      // Overload and restarts pass in a moment: say when to come back.
      if (expected.status === 503 && !reply.hasHeader('retry-after'))
        reply.header('retry-after', '1');
      return reply.status(expected.status).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match the contract');
      return reply.status(500).send({ status: 500, message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ status: 500, message: 'Internal server error' });
    }
    return reply.status(status).send({ status, message: error.message });
  });
});
