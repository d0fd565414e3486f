import type { FastifyReply } from 'fastify';

/** Headers of every content media response: its type, never sniffed, and nothing run if opened on its own. */
export function contentMedia(reply: FastifyReply, contentType: string): FastifyReply {
  return (
    reply
      .header('content-type', contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      // An SVG opened on its own runs no script and loads nothing.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
  );
}
