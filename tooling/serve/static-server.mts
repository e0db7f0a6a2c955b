// The server of the production builds, on Fastify as the API is (docs/decisions/044): what `npm start` and the
// browser tests serve each package with. Files go through @fastify/static (static-files.mts), security headers through
// @fastify/helmet, load through @fastify/under-pressure; what is routed, rewritten or computed per request is here.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { pressureBounds } from './load-pressure.mts';
import { preparedAnswer, type PreparedAnswer } from './prepared-answers.mts';
import type { PolicyDirectives } from './security-headers.mts';
import {
  acceptsGzip,
  cacheControlFor,
  createFileSender,
  fileUnder,
  holds,
  IMMUTABLE,
  JSON_TYPE,
  REVALIDATE,
  TEXT,
  typeOf,
  type FoundFile,
} from './static-files.mts';

export { IMMUTABLE } from './static-files.mts';

/**
 * What a request's path answers. `pathname`: that file under the root, with its cookie and caching; `rewrite`
 * answers a text file changed for this answer only (the shell's page names the release it comes from, and carries its
 * head and body), from `read()`, the file's text, or an answer it prepared before and keeps. `redirect` sends the
 * browser to that path of this origin instead (a public page's one URL). `tooMany` answers 429, held for up to a
 * second: a client flooding over a few connections then waits instead of asking again.
 */
export type Routed =
  | {
      pathname: string;
      setCookie?: string | null;
      cacheControl?: string;
      /** a release's file, which never changes while kept: where it is found is kept for a second */
      unchanging?: boolean;
      rewrite?: (read: () => Promise<string>) => Promise<string | PreparedAnswer>;
    }
  | { redirect: string; setCookie?: string | null }
  | { tooMany: { retryAfterMs: number } };

export interface StaticServerOptions {
  /** the served folder */
  root: string;
  port: number;
  host?: string;
  /** unknown paths without a file extension answer index.html (the shell) */
  spa?: boolean;
  /** `Access-Control-Allow-Origin: *` (remotes: fetched from the shell's origin) */
  cors?: boolean;
  /** every file is immutable (a folder of releases that are never rewritten) */
  immutable?: boolean;
  /** paths answered with JSON computed for the request (never shared by a cache) */
  generated?: Record<string, (request: IncomingMessage) => { body: unknown; setCookie?: string | null }>;
  /** paths answered with text computed for the request (the shell's robots.txt and sitemap.xml) */
  answers?: Record<string, (request: IncomingMessage) => Promise<{ type: string; body: string; cacheControl: string }>>;
  /** @fastify/helmet's options for every answer */
  helmet: FastifyHelmetOptions;
  /** the Content-Security-Policy of an HTML file served (the shell's page: per deployment) */
  pagePolicy?: (file: string) => PolicyDirectives;
  /** maps a request's path to what answers it (the shell's releases); null: not found */
  route?: (request: IncomingMessage, pathname: string) => Routed | null | Promise<Routed | null>;
  /** @fastify/under-pressure's bounds (load-pressure.mts, from the environment, by default) */
  pressure?: FastifyUnderPressureOptions;
  /** what the gzipped copies of files kept in memory may weigh */
  gzipCacheBytes?: number;
}

export interface StaticServer {
  port: number;
  listen(): Promise<void>;
  /** Drops keep-alive connections too, so a stopped remote really is unreachable at once. */
  close(): Promise<void>;
  /** Whether @fastify/under-pressure finds the process over a bound (renders should not start). */
  underPressure(): boolean;
}

const badRequest = (reply: FastifyReply) =>
  reply.code(400).type(TEXT).header('cache-control', REVALIDATE).send('Bad Request');
const notFound = (reply: FastifyReply) =>
  reply.code(404).type(TEXT).header('cache-control', REVALIDATE).send('Not Found');

export function createStaticServer({
  root,
  port,
  // Loopback unless the deployer opens it (BOOKSWAP_SERVE_HOST=0.0.0.0 behind a proxy).
  host = process.env.BOOKSWAP_SERVE_HOST || '127.0.0.1',
  spa = false,
  cors = false,
  immutable = false,
  generated = {},
  answers = {},
  helmet,
  pagePolicy,
  route,
  pressure = pressureBounds(),
  gzipCacheBytes = 32 * 1024 * 1024,
}: StaticServerOptions): StaticServer {
  const app = Fastify({
    forceCloseConnections: true,
    // Any path may name a file or a page, however long.
    routerOptions: { maxParamLength: 8_192 },
    // A malformed escape (`/%E0%A4%A`) is the client's mistake: say so, with nothing of the server's insides.
    frameworkErrors: (_error, _request, reply) => void badRequest(reply as FastifyReply),
  });
  void app.register(fastifyHelmet, { global: true, ...helmet });
  void app.register(fastifyStatic, { root, serve: false });
  // Under pressure nothing is refused here: the shell's admission stops renders (underPressure()), the rest is cheap.
  void app.register(underPressure, { ...pressure, pressureHandler: () => undefined });
  const sendFile = createFileSender({ root, gzipCacheBytes });
  // A stat per page answered measured a seventh of a cached page's time; a second later a removed release is seen.
  const foundFiles = new LRUCache<string, FoundFile>({ max: 1_000, ttl: 1_000 });
  const lookUp = async (pathname: string, unchanging = false) => {
    if (!unchanging) return fileUnder(root, pathname);
    let found = foundFiles.get(pathname);
    if (!found) {
      const file = await fileUnder(root, pathname);
      if (!file) return null;
      foundFiles.set(pathname, (found = file));
    }
    return found;
  };

  if (cors) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*').header('access-control-allow-headers', '*');
    });
  }
  app.options('/*', async (_request, reply) =>
    reply.code(204).header('access-control-allow-methods', 'GET, HEAD, OPTIONS').send(),
  );
  // Every path is answered by the GET route (and its HEAD); any other method is not allowed.
  app.setNotFoundHandler(async (_request, reply) => reply.code(405).header('allow', 'GET, HEAD, OPTIONS').send());
  app.setErrorHandler(async (error, request, reply) => {
    const message = error instanceof Error ? error.message : String(error);
    // The client's mistake (a range beyond the file: 416), as @fastify/send names it.
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).type(TEXT).send(message);
    console.error(`[static] ${request.method} ${request.url.slice(0, 200)}: ${message}`);
    if (reply.sent) return;
    return reply.code(500).type(TEXT).send('Internal Server Error');
  });

  /** The page's own policy on an HTML answer, through helmet with the origin's other headers. */
  const secure = (reply: FastifyReply, file: string) => {
    if (pagePolicy && file.endsWith('.html'))
      reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives: pagePolicy(file) } });
  };

  /** A file rewritten for this answer: sent whole, with an ETag of what was sent (when it has one). */
  async function sendRewritten(
    request: FastifyRequest,
    reply: FastifyReply,
    found: FoundFile,
    rewritten: string | PreparedAnswer,
  ) {
    const answer = typeof rewritten === 'string' ? preparedAnswer(rewritten) : rewritten;
    reply.header('content-type', typeOf(found.file)).header('vary', 'accept-encoding');
    // An answer without an ETag (a page carrying its own page-load ticket) is sent whole every time.
    if (answer.etag) {
      reply.header('etag', answer.etag);
      if (holds(request, answer.etag)) return reply.code(304).send();
    }
    const gzip = acceptsGzip(request);
    if (gzip) reply.header('content-encoding', 'gzip');
    if (answer.pieces) {
      const pieces = gzip ? answer.pieces.gzipped() : answer.pieces.body;
      const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
      return reply.header('content-length', length).send(Readable.from(pieces, { objectMode: false }));
    }
    return reply.send(gzip ? answer.gzipped() : answer.body);
  }

  app.get('/*', async (request, reply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    } catch {
      return badRequest(reply);
    }
    const makeJson = generated[pathname];
    if (makeJson) {
      const { body, setCookie } = makeJson(request.raw);
      if (setCookie) reply.header('set-cookie', setCookie);
      // Computed per browser (its canary draw): never shared by a cache.
      return reply
        .type(JSON_TYPE)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(body, null, 2));
    }
    const answer = answers[pathname];
    if (answer) {
      const { type, body, cacheControl } = await answer(request.raw);
      return reply.type(type).header('cache-control', cacheControl).send(body);
    }
    const routed = route ? await route(request.raw, pathname) : { pathname };
    if (routed && 'tooMany' in routed) {
      const { retryAfterMs } = routed.tooMany;
      await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfterMs, 1_000)));
      return reply
        .code(429)
        .type(TEXT)
        .header('cache-control', 'no-store')
        .header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))))
        .send('Too Many Requests');
    }
    if (routed?.setCookie) reply.header('set-cookie', routed.setCookie);
    if (routed && 'redirect' in routed) {
      // Temporary: a later release may read a parameter this one drops, and a kept 301 would drop it still.
      return reply.code(302).header('location', routed.redirect).header('cache-control', 'no-store').send();
    }
    let found = routed ? await lookUp(routed.pathname, routed.unchanging) : null;
    // Client-side routes (/dashboard/myproduct) get the page; a missing script or image stays a 404.
    if (!found && spa && !extname(pathname)) found = await fileUnder(root, '/index.html');
    if (!found) return notFound(reply);
    const served = found.file.slice(root.length);
    secure(reply, found.file);
    reply.header('cache-control', routed?.cacheControl ?? (immutable ? IMMUTABLE : cacheControlFor(served)));
    if (routed?.rewrite)
      return sendRewritten(request, reply, found, await routed.rewrite(() => readFile(found.file, 'utf8')));
    return sendFile(request, reply, found);
  });

  return {
    port,
    listen: async () => {
      await app.listen({ port, host });
    },
    close: () => app.close(),
    underPressure: () => (app.hasDecorator('isUnderPressure') ? app.isUnderPressure() : false),
  };
}
