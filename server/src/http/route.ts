import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { AppDeps } from '../app-deps';
import type { VerifiedIdentity } from '../auth/id-token';
import { currentUser, type IdentityCaller, type SignedInCaller } from '../services/callers';
import { forbidden, HttpError, unauthorized } from '../errors/http-error';
import { parseInput } from './validation';

/**
 * Who may call a route. `identity` takes the identity provider's ID token (the calls made before the
 * server's access token exists); the signed-in levels take the server's access token and read the
 * caller's role from the database at every request, so a changed role or a deleted user counts at once.
 * `public-or-user` answers anyone, and a caller who sends an access token (a valid one) is told more.
 * Ownership ("own booking", "own product") is checked by the handler and listed in `rule`.
 */
export type Access = 'public' | 'public-or-user' | 'identity' | 'user' | 'seller' | 'admin';

export type { IdentityCaller, SignedInCaller };

/** The shell recognises this field and sends the verification email (shell/src/sign-in/AuthProvider.tsx). */
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email address first. We have sent you a verification link.';

/**
 * Outside emulator mode an email is only trusted once its owner has proved it: a password account must have
 * verified it, a Google account is verified by Google. Otherwise anyone could register an admin's address
 * with the identity provider first and be matched to the admin's record.
 */
function requireProvenEmail(identity: VerifiedIdentity, deps: AppDeps): void {
  if (deps.config.authMode === 'emulator') return;
  // Only the token's own `email_verified`: a Google identity can carry an unverified address too, and trusting the
  // provider's name let such a token claim an admin's email.
  if (identity.emailVerified === true) return;
  throw new HttpError(403, EMAIL_NOT_VERIFIED_MESSAGE, 'email_verified');
}

type CallerFor<A extends Access> = A extends 'public'
  ? null
  : A extends 'public-or-user'
    ? SignedInCaller | null
    : A extends 'identity'
      ? IdentityCaller
      : SignedInCaller;

export interface RouteInput<A extends Access, P, Q, B> {
  params: P;
  query: Q;
  body: B;
  caller: CallerFor<A>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDefinition<A extends Access = Access, P = unknown, Q = unknown, B = unknown> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  access: A;
  /** The ownership rule on top of `access`, in words (the permission table's second column). */
  rule?: string;
  /** `search`: counted only for a search or a filtered list (a non-empty `search`, a filter or an order; per client). */
  rateLimit?: 'token' | 'write' | 'search' | 'telemetry';
  /** A smaller body limit than the server's 1 MB: a longer body is a 400 before it is read. */
  maxBodyBytes?: number;
  /** For `identity` routes: also take the server's own access token (never on the token call itself). */
  acceptsAccessToken?: boolean;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  handler(input: RouteInput<A, P, Q, B>, deps: AppDeps): Promise<unknown>;
}

/** Keeps each route's types while letting modules export plain arrays. */
export function defineRoute<A extends Access, P = unknown, Q = unknown, B = unknown>(
  route: RouteDefinition<A, P, Q, B>,
): RouteDefinition {
  return route as unknown as RouteDefinition;
}

/** A create's answer: 201 with what the write made, once it is made (an error answers as thrown). */
export async function created<T>(reply: FastifyReply, made: Promise<T>): Promise<T> {
  const result = await made;
  reply.status(201);
  return result;
}

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

async function signedInCaller(request: FastifyRequest, deps: AppDeps): Promise<SignedInCaller> {
  const token = bearerOf(request);
  if (!token) throw unauthorized('Sign in to do this');
  const claims = await deps.accessTokens.check(token);
  if (!claims) throw unauthorized('Your session has expired; sign in again');
  const user = await currentUser(deps.db, claims.userId);
  if (!user) throw unauthorized('This account no longer exists');
  // Signed out since this token was issued (on this device or another): the session is over.
  if ((claims.sessionVersion ?? 0) < user.sessionVersion) throw unauthorized('Your session has ended; sign in again');
  return { user, uid: claims.uid };
}

/** An ID token from the identity provider; the server's own access token is accepted too. */
async function identityCaller(
  request: FastifyRequest,
  deps: AppDeps,
  acceptsAccessToken: boolean,
): Promise<IdentityCaller> {
  const token = bearerOf(request);
  if (!token) throw unauthorized('Sign in to do this');
  const claims = acceptsAccessToken ? await deps.accessTokens.check(token) : null;
  if (claims) {
    const user = await currentUser(deps.db, claims.userId);
    if (user && (claims.sessionVersion ?? 0) >= user.sessionVersion)
      return { email: user.email, uid: claims.uid, name: user.name };
  }
  const identity = await deps.idTokens.verify(token);
  requireProvenEmail(identity, deps);
  return { email: identity.email, uid: identity.uid, name: identity.name, signedInAt: identity.signedInAt };
}

async function callerFor(
  route: RouteDefinition,
  request: FastifyRequest,
  deps: AppDeps,
): Promise<SignedInCaller | IdentityCaller | null> {
  const access = route.access;
  if (access === 'public') return null;
  // A token sent must be good (401 lets the client refresh it), so a signed-in caller is never served as a visitor.
  if (access === 'public-or-user') return bearerOf(request) ? signedInCaller(request, deps) : null;
  if (access === 'identity') return identityCaller(request, deps, route.acceptsAccessToken === true);
  const caller = await signedInCaller(request, deps);
  if (access === 'seller' && caller.user.role !== 'seller') throw forbidden('Only sellers may do this');
  if (access === 'admin' && caller.user.role !== 'admin') throw forbidden('Only admins may do this');
  return caller;
}

/** What product.md's own list call sends (and the facet counts beside it): plain browsing, never counted. */
const PLAIN_LIST_FIELDS = new Set(['search', 'page', 'size', 'facets']);

/**
 * A search, or a list with a filter or another order: each new term, price or combination is a query no cache has
 * answered yet, so it costs the database what a search does and counts against the same per-client limit.
 */
function searchesOrFilters(request: FastifyRequest): boolean {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.entries(query).some(([field, value]) =>
    field === 'search' ? typeof value === 'string' && value.trim() !== '' : !PLAIN_LIST_FIELDS.has(field),
  );
}

export function registerRoutes(app: FastifyInstance, routes: RouteDefinition[], deps: AppDeps): void {
  const { tokenPerMinute, writesPerMinute, searchPerMinute, telemetryPerMinute } = deps.config.rateLimits;
  for (const route of routes) {
    const rateLimit =
      route.rateLimit === 'token'
        ? { max: tokenPerMinute, timeWindow: 60_000 }
        : route.rateLimit === 'write'
          ? { max: writesPerMinute, timeWindow: 60_000 }
          : route.rateLimit === 'search'
            ? {
                max: searchPerMinute,
                timeWindow: 60_000,
                allowList: (request: FastifyRequest) => !searchesOrFilters(request),
              }
            : route.rateLimit === 'telemetry'
              ? // By address even with a token: reports carry no identity, and a token must not buy a second bucket.
                {
                  max: telemetryPerMinute,
                  timeWindow: 60_000,
                  keyGenerator: (request: FastifyRequest) => `ip:${request.ip}`,
                }
              : undefined;
    const maxBodyBytes = route.maxBodyBytes;
    app.route({
      method: route.method,
      url: route.url,
      config: rateLimit ? { rateLimit } : {},
      ...(maxBodyBytes
        ? {
            // Fastify's own limit answers 413; a declared length past it is refused first, as bad input (400).
            bodyLimit: maxBodyBytes,
            preParsing: async (request: FastifyRequest) => {
              if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes)
                throw new HttpError(400, `body: at most ${maxBodyBytes} bytes`, 'body');
            },
          }
        : {}),
      handler: async (request, reply) => {
        const caller = await callerFor(route, request, deps);
        const params = route.params ? parseInput(route.params, request.params, 'params') : request.params;
        const query = route.query ? parseInput(route.query, request.query, 'query') : request.query;
        const body = route.body ? parseInput(route.body, request.body, 'body') : undefined;
        const result = await route.handler(
          { params, query, body, caller, request, reply } as RouteInput<Access, unknown, unknown, unknown>,
          deps,
        );
        if (reply.sent) return reply;
        return result;
      },
    });
  }
}
