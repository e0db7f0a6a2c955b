import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AccessTokens } from '../auth/access-token';
import { bearerOf } from './route';

/** The headers the shell's server sends with its renders' calls (tooling/serve/render-api-calls.mts). */
export const RENDER_KEY_HEADER = 'x-bookswap-render-key';
export const RENDER_VISITOR_HEADER = 'x-bookswap-render-for';

/** The visitor a call carrying the shell servers' key renders for, or null for any other call. */
function renderedFor(request: FastifyRequest, renderKey: string | undefined): string | null {
  const key = request.headers[RENDER_KEY_HEADER];
  if (!renderKey || typeof key !== 'string') return null;
  const given = Buffer.from(key);
  const expected = Buffer.from(renderKey);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const visitor = request.headers[RENDER_VISITOR_HEADER];
  // An address, as the shell's server names it: bounded, so a bucket's key cannot grow without end.
  return typeof visitor === 'string' ? visitor.slice(0, 64) : 'unknown';
}

/**
 * Whose bucket a request counts in: the user of a valid access token, otherwise the client address (the
 * real client's behind a trusted proxy, see TRUST_PROXY). A bad token counts against its address. A shell server's
 * render (its key) counts against the visitor it renders for, in a bucket of renders of its own: no visitor's
 * flood of pages, nor their own browser's calls, empties the bucket other visitors' renders draw on.
 */
export function rateLimitKey(accessTokens: AccessTokens, renderKey?: string) {
  return async (request: FastifyRequest): Promise<string> => {
    const visitor = renderedFor(request, renderKey);
    if (visitor !== null) return `render:${visitor}`;
    const token = bearerOf(request);
    const claims = token ? await accessTokens.check(token) : null;
    return claims ? `user:${claims.userId}` : `ip:${request.ip}`;
  };
}
