import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { AppDeps } from '../app-deps';
import type { VerifiedIdentity } from '../auth/id-token';
import { currentUser, type IdentityCaller, type SignedInCaller } from '../services/callers';
import { forbidden, HttpError, unauthorized } from '../errors/http-error';
import { fastSerializerCompiler } from './serialisation';
import { NO_BODY, storableInputCompiler } from './validation';

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

type PartSchema = ZodType | undefined;

/** The schemas Fastify is given for a route; `undefined` for a part without one. */
interface RouteSchemas<P extends PartSchema, Q extends PartSchema, B extends PartSchema> extends FastifySchema {
  params: P;
  querystring: Q;
  body: B;
}

/** The request as the zod type provider types it from the route's schemas (`unknown` for a part without one). */
type TypedRequest<P extends PartSchema, Q extends PartSchema, B extends PartSchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RouteSchemas<P, Q, B>,
  ZodTypeProvider
>;

/** The answer as the zod type provider reads the response schema (`unknown` without one). */
export type Answered<S> = (ZodTypeProvider & { schema: S })['serializer'];

export interface RouteInput<
  A extends Access,
  P extends PartSchema = undefined,
  Q extends PartSchema = undefined,
  B extends PartSchema = undefined,
> {
  params: TypedRequest<P, Q, B>['params'];
  query: TypedRequest<P, Q, B>['query'];
  /** `unknown` (and not read) where the route declares no body schema. */
  body: TypedRequest<P, Q, B>['body'];
  caller: CallerFor<A>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A route's facts: what the permission table, the matrix test and the rate limits read. */
export interface RouteFacts<A extends Access = Access> {
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
}

/** A route as `defineRoute` writes it: its facts, its schemas, its handler. */
export interface RouteSpec<
  A extends Access,
  P extends PartSchema,
  Q extends PartSchema,
  B extends PartSchema,
  R extends PartSchema,
> extends RouteFacts<A> {
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The success answer's shape (200 or 201): the answer is serialised through it, so a field outside it never leaves
   * the server. An answer sent as JSON text already (the book list's cached text) is sent as it is.
   */
  response?: R;
  handler(input: RouteInput<A, P, Q, B>, deps: AppDeps): Promise<Answered<R>>;
}

/** A defined route: its facts, and how it registers itself with the schemas' types kept inside. */
export interface RouteDefinition extends RouteFacts {
  /** The success answer's schema, if it has one (route-schemas.test.ts lists the routes without). */
  response?: ZodType;
  register(app: FastifyInstance, deps: AppDeps): void;
}

/** Whoever calls, for each access level: the caller's type follows the level. */
const callerOf: {
  [K in Access]: (request: FastifyRequest, deps: AppDeps, facts: RouteFacts) => Promise<CallerFor<K>>;
} = {
  public: async () => null,
  // A token sent must be good (401 lets the client refresh it), so a signed-in caller is never served as a visitor.
  'public-or-user': async (request, deps) => (bearerOf(request) ? signedInCaller(request, deps) : null),
  identity: (request, deps, facts) => identityCaller(request, deps, facts.acceptsAccessToken === true),
  user: (request, deps) => signedInCaller(request, deps),
  seller: async (request, deps) => {
    const caller = await signedInCaller(request, deps);
    if (caller.user.role !== 'seller') throw forbidden('Only sellers may do this');
    return caller;
  },
  admin: async (request, deps) => {
    const caller = await signedInCaller(request, deps);
    if (caller.user.role !== 'admin') throw forbidden('Only admins may do this');
    return caller;
  },
};

/**
 * Defines a route whose handler reads its params, query and body as their schemas parse them and answers what its
 * response schema describes; Fastify validates and serialises with the same schemas (the zod type provider).
 */
export function defineRoute<
  A extends Access,
  P extends PartSchema = undefined,
  Q extends PartSchema = undefined,
  B extends PartSchema = undefined,
  R extends PartSchema = undefined,
>(spec: RouteSpec<A, P, Q, B, R>): RouteDefinition {
  const { params, query, body, response, handler, ...facts } = spec;
  // `params?: P` reads as `P | undefined`, but where it is absent P is `undefined` itself (the default): P either way.
  const schemas: RouteSchemas<P, Q, B> = { params: params as P, querystring: query as Q, body: body as B };
  return {
    ...facts,
    ...(response ? { response } : {}),
    register(app, deps) {
      // Who calls is known before the request is validated: a caller without the right gets 401/403, never a 400.
      const callers = new WeakMap<FastifyRequest, { caller: CallerFor<A> }>();
      app
        .withTypeProvider<ZodTypeProvider>()
        .route<RouteGenericInterface, ContextConfigDefault, RouteSchemas<P, Q, B>>({
          method: facts.method,
          url: facts.url,
          config: rateLimitConfig(facts, deps),
          ...bodyLimitOptions(facts.maxBodyBytes),
          schema: { ...presentParts(schemas), ...(response ? { response: { '2xx': response } } : {}) },
          preValidation: async (request) => {
            callers.set(request, { caller: await callerOf[facts.access](request, deps, facts) });
            // Fastify hands a validator `null` for an absent body: NO_BODY keeps it apart from a JSON `null`.
            if (body && request.body === undefined) Object.assign(request, { body: NO_BODY });
          },
          handler: async (request, reply) => {
            const held = callers.get(request);
            if (!held) throw new Error(`${facts.method} ${facts.url}: no caller was read before the handler`);
            const result = await handler(
              { params: request.params, query: request.query, body: request.body, caller: held.caller, request, reply },
              deps,
            );
            if (reply.sent) return reply;
            return result;
          },
        });
    },
  };
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

/** Fastify warns of a part given as `undefined` (FSTWRN001): the parts without a schema are left out. */
function presentParts<T extends FastifySchema>(schema: T): T {
  const present = { ...schema };
  for (const key of Object.keys(present) as (keyof T)[])
    if (present[key] === undefined) Reflect.deleteProperty(present, key);
  return present;
}

function rateLimitConfig(facts: RouteFacts, deps: AppDeps) {
  const { tokenPerMinute, writesPerMinute, searchPerMinute, telemetryPerMinute } = deps.config.rateLimits;
  const rateLimit =
    facts.rateLimit === 'token'
      ? { max: tokenPerMinute, timeWindow: 60_000 }
      : facts.rateLimit === 'write'
        ? { max: writesPerMinute, timeWindow: 60_000 }
        : facts.rateLimit === 'search'
          ? {
              max: searchPerMinute,
              timeWindow: 60_000,
              allowList: (request: FastifyRequest) => !searchesOrFilters(request),
            }
          : facts.rateLimit === 'telemetry'
            ? // By address even with a token: reports carry no identity, and a token must not buy a second bucket.
              {
                max: telemetryPerMinute,
                timeWindow: 60_000,
                keyGenerator: (request: FastifyRequest) => `ip:${request.ip}`,
              }
            : undefined;
  return rateLimit ? { rateLimit } : {};
}

function bodyLimitOptions(maxBodyBytes: number | undefined) {
  if (!maxBodyBytes) return {};
  return {
    // Fastify's own limit answers 413; a declared length past it is refused first, as bad input (400).
    bodyLimit: maxBodyBytes,
    preParsing: async (request: FastifyRequest) => {
      if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes)
        throw new HttpError(400, `body: at most ${maxBodyBytes} bytes`, 'body');
    },
  };
}

/**
 * Every route, validated by its zod schemas (fastify-type-provider-zod) and serialised from them: a request part's
 * first issue answers 400 as `field: message` (see `validationErrorAnswer`), after the well-formed-text check of that
 * part; an answer is written by fast-json-stringify from its response schema (see serialisation.ts).
 */
export function registerRoutes(app: FastifyInstance, routes: RouteDefinition[], deps: AppDeps): void {
  app.setValidatorCompiler(storableInputCompiler);
  app.setSerializerCompiler(fastSerializerCompiler);
  for (const route of routes) route.register(app, deps);
}
