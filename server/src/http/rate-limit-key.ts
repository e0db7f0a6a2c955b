import type { FastifyRequest } from 'fastify';
import type { AccessTokens } from '../auth/access-token';
import { bearerOf } from './route';

/**
 * Whose bucket a request counts in: the user of a valid access token, otherwise the client address (the
 * real client's behind a trusted proxy, see TRUST_PROXY). A bad token counts against its address.
 */
export function rateLimitKey(accessTokens: AccessTokens) {
  return async (request: FastifyRequest): Promise<string> => {
    const token = bearerOf(request);
    const claims = token ? await accessTokens.check(token) : null;
    return claims ? `user:${claims.userId}` : `ip:${request.ip}`;
  };
}
