import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { IMAGE_MAX_BYTES } from '@bookswap/shared/schemas';
import type { AppDeps } from './app-deps';
import type { ServerConfig } from './config';
import { isUniqueViolation } from './db/pg-error';
import { DISK_FULL_MESSAGE } from './http/disk-guard';
import { HttpError } from './errors/http-error';
import { rateLimitKey } from './http/rate-limit-key';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { withRedactedRequests } from './http/request-log';
import { registerRoutes } from './http/route';
import { validationErrorAnswer } from './http/validation';
import { isPaymentServiceError, PAYMENT_SERVICE_MESSAGE } from './payments/gateway-errors';
import { allRoutes } from './routes/all-routes';
import { addSecurityHeaders } from './http/security-headers';

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest N". */
function trustedProxies(
  setting: ServerConfig['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: 1024 * 1024,
    // Behind a TLS proxy the socket address is the proxy's: without this every client shares one bucket.
    trustProxy: trustedProxies(deps.config.trustProxy),
    // Fastify's default (100) turns a longer email in /api/user/list/:email into a 404 at sign-in.
    routerOptions: { maxParamLength: 1024 },
    ...options,
    logger: withRedactedRequests(options.logger),
  });

  await app.register(cors, {
    origin: deps.config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'accept'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: rateLimitKey(deps.accessTokens, deps.config.renderKey),
    // Shared by every instance on PostgreSQL; the plugin's per-instance memory with PGlite (one process).
    ...(deps.config.databaseUrl ? { store: databaseRateLimitStore(deps.db) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });

  // product.md's advertise call may come with an empty JSON body; an empty body is "no body", not bad JSON.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return jsonParser(request, body as string, done);
  });

  await addSecurityHeaders(app);

  // Before anything is read or written: a nearly full disk refuses changes instead of breaking the database.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const kind = request.url.startsWith('/api/image/') ? 'upload' : 'write';
    if (await deps.disk.refuses(kind)) return reply.status(507).send({ message: DISK_FULL_MESSAGE });
  });

  app.setErrorHandler((thrown, request, reply) => {
    const error = validationErrorAnswer(thrown) ?? thrown;
    if (error instanceof HttpError) {
      return reply
        .status(error.status)
        .send(error.field ? { message: error.message, field: error.field } : { message: error.message });
    }
    if (isPaymentServiceError(error)) {
      request.log.error({ err: error }, 'payment service error');
      return reply.status(502).send({ message: PAYMENT_SERVICE_MESSAGE });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ message: (error as Error).message || 'Bad request' });
    }
    if (isUniqueViolation(error)) return reply.status(409).send({ message: 'This already exists' });
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: 'Something went wrong on the server; try again.' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `No such call: ${request.method} ${request.url.split('?')[0]}` }),
  );

  registerRoutes(app, allRoutes, deps);
  return app;
}
