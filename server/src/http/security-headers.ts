import type { FastifyInstance } from 'fastify';

/**
 * Every answer of the API (JSON and the image store's files): never sniffed as another type, never framed, and
 * able to run nothing if opened directly (an uploaded SVG included); images stay loadable by the shell's origin.
 */
export const API_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
} as const;

export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(API_SECURITY_HEADERS);
  });
}
