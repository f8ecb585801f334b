import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '#contract/errors.ts';
import { HttpError } from '../../lib/http-error.ts';

function validationBody(error: FastifyError & { validation: unknown[]; validationContext?: string }): ApiErrorBody {
  const issues = (error.validation as { params?: { issue?: { path?: PropertyKey[]; code?: string; message?: string } } }[])
    .map((item) => item.params?.issue)
    .filter((issue) => issue !== undefined)
    .map((issue) => ({
      path: [error.validationContext ?? 'body', ...(issue.path ?? []).map((p) => (typeof p === 'number' ? p : String(p)))],
      code: issue.code ?? 'invalid',
      message: issue.message ?? 'Invalid value',
    }));
  const first = issues[0];
  const where = first ? first.path.join('.') : error.validationContext;
  return {
    status: 400,
    message: first ? `Invalid request: ${where}: ${first.message}` : 'Invalid request',
    issues,
  };
}

/** One error handler, one envelope {status, message, issues?}; stacks only in the log. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error as FastifyError & { validation: unknown[] }));
    }
    if (error instanceof HttpError) {
      const body: ApiErrorBody & { details?: unknown } = { status: error.status, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      return reply.status(error.status).send(body);
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
