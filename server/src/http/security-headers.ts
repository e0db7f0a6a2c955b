import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Every answer of the API (JSON and the image store's files), as @fastify/helmet's options: helmet's defaults (nosniff,
 * `no-referrer`, no framing, HSTS, which a browser keeps only from an HTTPS answer, ...) as on the shell's servers
 * (docs/decisions/044), but able to run nothing if opened directly (an uploaded SVG included) and loadable from the
 * shell's origin (its images).
 */
export const API_HELMET: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  // As frame-ancestors says, for browsers that know only this header (helmet's default is SAMEORIGIN).
  xFrameOptions: { action: 'deny' },
};

export async function addSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, API_HELMET);
}
