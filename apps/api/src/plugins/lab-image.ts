// docs/labs.md, "The machine": the lab image is a 9p root filesystem the browser loads file by file, on demand.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The lab image's root filesystem files (labs/build/build-image.sh), each named `<sha256>.zst`. */
export const defaultLabRootfsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../labs/image/rootfs',
);

const storedFileName = /^[0-9a-f]{64}\.zst$/;

/**
 * Serves the lab image's root filesystem at /assets/lab-image/<sha256>.zst, which a learner's lab machine fetches
 * file by file on first read. A name is its content's hash, so each answer is cached for good; the bytes are zstd
 * already (the emulator unpacks them), so no other encoding is offered. Any other name is the JSON 404.
 */
export const labImagePlugin = fp<{ rootfsDir?: string }>(async (app: FastifyInstance, options) => {
  const dir = options.rootfsDir ?? defaultLabRootfsDir;
  app.get<{ Params: { name: string } }>(
    '/assets/lab-image/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      const file = path.join(dir, name);
      const found = storedFileName.test(name) ? await stat(file).catch(() => null) : null;
      if (!found?.isFile()) return reply.code(404).send({ detail: 'Not found.' });
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', found.size)
        .type('application/octet-stream')
        .send(createReadStream(file));
    },
  );
});
