// A small static file server for the production builds (node:http, no dependencies): what `npm start`
// and the browser tests serve each package with. Caching follows the file names: hashed files never
// change, so browsers keep them a year; the files that name the others (index.html, remotes.json,
// mf-manifest.json, remoteEntry.js, config.json) are revalidated on every use. Source maps are never served.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { COMMON_HEADERS } from './security-headers.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.json', '.css', '.svg', '.txt']);
// `[name].[contenthash:10].js` and `assets/[name].[contenthash:10][ext]` from tooling/webpack.
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function cacheControlFor(pathname) {
  return HASHED.test(pathname) ? IMMUTABLE : REVALIDATE;
}

/**
 * @typedef {{ body: Buffer, etag: string | null, gzipped(): Buffer }} PreparedAnswer
 *   a rewritten text as sent: its bytes, its ETag (null: never answered 304), and its gzip, made once when first asked for
 */

/**
 * A rewritten text, ready to be sent again and again: a caller that keeps it (the shell's page for a release, head and
 * body) saves the encoding, the hash and the compression on every later request.
 * @param {string} text
 * @returns {PreparedAnswer}
 */
export function preparedAnswer(text) {
  const body = Buffer.from(text);
  let gzipped;
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    gzipped: () => (gzipped ??= gzipSync(body)),
  };
}

/**
 * @param {object} options
 * @param {string} options.root          the dist folder
 * @param {number} options.port
 * @param {string} [options.host]
 * @param {boolean} [options.spa]        unknown paths without a file extension answer index.html (the shell)
 * @param {boolean} [options.cors]       `Access-Control-Allow-Origin: *` (remotes: fetched from the shell's origin)
 * @param {boolean} [options.immutable]  every file is immutable (a folder of releases that are never rewritten)
 * @param {Record<string, (request: import('node:http').IncomingMessage) => { body: unknown, setCookie?: string | null }>} [options.generated]
 *   paths answered with JSON computed at serve time for the request
 * @param {Record<string, (request: import('node:http').IncomingMessage) => Promise<{ type: string, body: string, cacheControl: string }>>} [options.answers]
 *   paths answered with text computed for the request (the shell's robots.txt and sitemap.xml)
 * @param {Record<string, string> | ((file: string) => Record<string, string>)} [options.headers]  security headers
 *   of every answer, or of each file served (the shell's page gets its Content-Security-Policy)
 * @param {(request: import('node:http').IncomingMessage, pathname: string) => Routed | null | Promise<Routed | null>} [options.route]  maps a
 *   request's path to a file's path under `root` before it is looked up (the shell's releases); null: not found
 *
 * @typedef {{ pathname: string, setCookie?: string | null, cacheControl?: string,
 *   rewrite?: (read: () => Promise<string>) => Promise<string | PreparedAnswer> } |
 *   { redirect: string, setCookie?: string | null } | { tooMany: { retryAfterMs: number } }} Routed
 *   `redirect` sends the browser to that path of this origin instead (a public page's one URL); `tooMany` answers
 *   429, held for up to a second: a client flooding over a few connections then waits instead of asking again
 *   `rewrite` answers a text file changed for this answer only (the shell's page names the release it comes from, and
 *   carries its head and body), from `read()`, the file's text; or an answer it prepared before and keeps
 */
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
  headers: securityHeaders = COMMON_HEADERS,
  route,
}) {
  const headersFor = (file) => (typeof securityHeaders === 'function' ? securityHeaders(file) : securityHeaders);
  const gzipCache = new Map();

  /** The headers every answer with a file's content carries: its type, caching, and the routed cookie. */
  function headersOf(file, cacheControl, routed) {
    return {
      ...headersFor(file),
      'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': cacheControl,
      ...(routed?.setCookie ? { 'set-cookie': routed.setCookie } : {}),
      vary: 'accept-encoding',
    };
  }

  /** Answers 304 when the browser holds this ETag already; true when it did. */
  function answeredNotModified(request, response, headers) {
    if (request.headers['if-none-match'] !== headers.etag) return false;
    response.writeHead(304, headers);
    response.end();
    return true;
  }

  /** Sends a body held in memory, gzipped when it is (the caller's choice) so. */
  function sendBody(request, response, headers, body, gzipped) {
    response.writeHead(200, {
      ...headers,
      ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
      'content-length': body.length,
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  const acceptsGzip = (request) => /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');

  /** A file rewritten for this answer: sent whole, with an ETag of what was sent. */
  async function sendRewritten(request, response, file, pathname, routed) {
    const rewritten = await routed.rewrite(() => readFile(file, 'utf8'));
    const answer = typeof rewritten === 'string' ? preparedAnswer(rewritten) : rewritten;
    const headers = headersOf(file, routed.cacheControl ?? cacheControlFor(pathname), routed);
    // An answer without an ETag (a page carrying its own page-load ticket) is sent whole every time.
    if (answer.etag) headers.etag = answer.etag;
    if (answer.etag && answeredNotModified(request, response, headers)) return;
    const gzip = acceptsGzip(request);
    sendBody(request, response, headers, gzip ? answer.gzipped() : answer.body, gzip);
  }

  async function sendFile(request, response, file, info, pathname, routed = null) {
    if (routed?.rewrite) return sendRewritten(request, response, file, pathname, routed);
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const headers = {
      ...headersOf(file, routed?.cacheControl ?? (immutable ? IMMUTABLE : cacheControlFor(pathname)), routed),
      etag,
      'last-modified': info.mtime.toUTCString(),
    };
    if (answeredNotModified(request, response, headers)) return;
    if (COMPRESSIBLE.has(extname(file).toLowerCase()) && acceptsGzip(request)) {
      let cached = gzipCache.get(file);
      if (!cached || cached.etag !== etag) {
        cached = { etag, body: gzipSync(await readFile(file)) };
        gzipCache.set(file, cached);
      }
      sendBody(request, response, headers, cached.body, true);
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': info.size });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  }

  async function fileFor(pathname) {
    const file = normalize(join(root, pathname));
    if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
    // A source map gives anyone the original source: it stays in the release folder for error reports, unserved.
    if (extname(file).toLowerCase() === '.map') return null;
    try {
      const info = await stat(file);
      if (info.isFile()) return { file, info };
      if (info.isDirectory()) {
        const index = join(file, 'index.html');
        const indexInfo = await stat(index);
        return { file: index, info: indexInfo };
      }
    } catch {
      // not there: the caller decides between the SPA page and 404
    }
    return null;
  }

  async function handle(request, response) {
    for (const [name, value] of Object.entries(COMMON_HEADERS)) response.setHeader(name, value);
    if (cors) {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', '*');
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'access-control-allow-methods': 'GET, HEAD, OPTIONS' });
      response.end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD, OPTIONS' });
      response.end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      // A malformed escape (`/%E0%A4%A`) is the client's mistake: say so, with nothing of the server's insides.
      response.writeHead(400, { 'content-type': TYPES['.txt'], 'cache-control': REVALIDATE });
      response.end('Bad Request');
      return;
    }
    const makeJson = generated[pathname];
    if (makeJson) {
      const { body: data, setCookie } = makeJson(request);
      const body = JSON.stringify(data, null, 2);
      response.writeHead(200, {
        'content-type': TYPES['.json'],
        // Computed per browser (its canary draw): never shared by a cache.
        'cache-control': 'no-store',
        ...(setCookie ? { 'set-cookie': setCookie } : {}),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    const answer = answers[pathname];
    if (answer) {
      const { type, body, cacheControl } = await answer(request);
      response.writeHead(200, {
        'content-type': type,
        'cache-control': cacheControl,
        'content-length': Buffer.byteLength(body),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    const routed = route ? await route(request, pathname) : { pathname };
    if (routed?.tooMany) {
      const seconds = Math.max(1, Math.ceil(routed.tooMany.retryAfterMs / 1000));
      await new Promise((resolve) => setTimeout(resolve, Math.min(routed.tooMany.retryAfterMs, 1_000)));
      response.writeHead(429, {
        'content-type': TYPES['.txt'],
        'cache-control': 'no-store',
        'retry-after': String(seconds),
      });
      response.end('Too Many Requests');
      return;
    }
    if (routed?.redirect) {
      // Temporary: a later release may read a parameter this one drops, and a kept 301 would drop it still.
      response.writeHead(302, {
        location: routed.redirect,
        'cache-control': 'no-store',
        ...(routed.setCookie ? { 'set-cookie': routed.setCookie } : {}),
      });
      response.end();
      return;
    }
    let found = routed ? await fileFor(routed.pathname) : null;
    // Client-side routes (/dashboard/myproduct) get the page; a missing script or image stays a 404.
    if (!found && spa && !extname(pathname)) found = await fileFor('/index.html');
    if (!found) {
      response.writeHead(404, { 'content-type': TYPES['.txt'], 'cache-control': REVALIDATE });
      response.end('Not Found');
      return;
    }
    await sendFile(request, response, found.file, found.info, found.file.slice(root.length), routed);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      console.error(`[static] ${request.method} ${request.url?.slice(0, 200)}: ${error?.message ?? error}`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': TYPES['.txt'] });
      response.end('Internal Server Error');
    });
  });
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return {
    port,
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    // Drops keep-alive connections too, so a stopped remote really is unreachable at once.
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
