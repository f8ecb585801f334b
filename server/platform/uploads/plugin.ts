import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/**
 * Multipart bodies for the upload calls: one file per request, capped at UPLOAD_MAX_BYTES, a few
 * small form fields. Routes read them with `receiveUpload` (./receive.ts).
 */
export const uploadsPlugin = fp(
  async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: app.env.UPLOAD_MAX_BYTES,
        files: 1,
        fields: 20,
        fieldSize: 10_000,
        parts: 21,
        headerPairs: 100,
      },
    });
  },
  { name: 'uploads' },
);
