import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
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
 * The headers helmet's middleware sets with these options, read once off a response no client receives. helmet 8
 * sets the same headers on every answer whatever the request (no nonce, no per-request option), so they are data:
 * an answer takes them as Fastify's own headers, which Node writes in one go, where helmet's `setHeader` calls on
 * the raw response cost each answer about 9 µs of a busy server's time (docs/decisions/071).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let ran = false;
  helmet(options)(response.req, response, () => {
    ran = true;
  });
  // helmet 8 checks its options when made and then only sets headers, synchronously; anything else is a new helmet.
  if (!ran) throw new Error('helmet did not finish at once: its headers cannot be read off one response');
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/** helmet's headers (API_HELMET) on every answer of the API, made once. */
export async function addSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = helmetHeaders(API_HELMET);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
