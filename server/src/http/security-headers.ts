import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Every answer of the API (JSON and the image store's files), as helmet's options: helmet's defaults (nosniff,
 * `no-referrer`, no framing, HSTS, which a browser keeps only from an HTTPS answer, ...) as on the shell's servers
 * (docs/decisions/044), but able to run nothing if opened directly (an uploaded SVG included) and loadable from the
 * shell's origin (its images).
 */
export const API_HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  // As frame-ancestors says, for browsers that know only this header (helmet's default is SAMEORIGIN).
  xFrameOptions: { action: 'deny' },
};

/**
 * helmet's middleware, made once, on every request. Not @fastify/helmet: its 13.2.0 makes the middleware anew at every
 * request, parsing the options again, which cost each answer of `bench:api` about 5 % (docs/decisions/070).
 */
export async function addSecurityHeaders(app: FastifyInstance): Promise<void> {
  const setSecurityHeaders = helmet(API_HELMET);
  // helmet 8 checks its options when made and then only sets headers: its callback carries no error.
  app.addHook('onRequest', (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, () => done()));
}
