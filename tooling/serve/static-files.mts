// A file of a served folder: found under its root (never a source map), and sent by @fastify/static (ranges, ETag
// and Last-Modified, 304s), or, to a browser that takes gzip, as its gzip made once and kept in a cache bounded by
// bytes. Caching follows the file names: hashed files never change, so browsers keep them a year.
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

const TYPES: Record<string, string> = {
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
export const TEXT = TYPES['.txt']!;
export const JSON_TYPE = TYPES['.json']!;

export const typeOf = (file: string) => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
export const cacheControlFor = (pathname: string) => (HASHED.test(pathname) ? IMMUTABLE : REVALIDATE);
export const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');

export interface FoundFile {
  file: string;
  info: Stats;
}

/** The file `pathname` names under `root`, its folder's index.html for a folder, or null: not there, or not served. */
export async function fileUnder(root: string, pathname: string): Promise<FoundFile | null> {
  const file = normalize(join(root, pathname));
  if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  // A source map gives anyone the original source: it stays in the release folder for error reports, unserved.
  if (extname(file).toLowerCase() === '.map') return null;
  try {
    const info = await stat(file);
    if (info.isFile()) return { file, info };
    if (info.isDirectory()) {
      const index = join(file, 'index.html');
      return { file: index, info: await stat(index) };
    }
  } catch {
    // not there: the caller decides between the SPA page and 404
  }
  return null;
}

/** @fastify/send's weak ETag of a file's version, so both encodings of one file answer the same If-None-Match. */
const etagOf = (info: Stats) => `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`;

/** Whether the browser's If-None-Match names `etag` (weak comparison, as for a GET). */
export function holds(request: FastifyRequest, etag: string): boolean {
  const asked = request.headers['if-none-match'];
  if (!asked) return false;
  const bare = etag.replace(/^W\//, '');
  return asked === '*' || asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * @fastify/send's options: the caller sets the caching and the type. `highWaterMark` (@fastify/send's, passed through
 * by @fastify/static): a release's scripts (up to ~700 KB) are read in one chunk, not 64 KB ones, which measured three
 * times the files a second (docs/decisions/044).
 */
const SEND_OPTIONS = {
  cacheControl: false,
  contentType: false,
  acceptRanges: true,
  etag: true,
  lastModified: true,
  highWaterMark: 1024 * 1024,
};

/** Sends the files under `root`: the caller has set the answer's other headers (security, caching, cookie). */
export function createFileSender({ root, gzipCacheBytes }: { root: string; gzipCacheBytes: number }) {
  const gzips = new LRUCache<string, { etag: string; body: Buffer }>({
    maxSize: gzipCacheBytes,
    sizeCalculation: (entry) => entry.body.length || 1,
  });
  return async function sendFile(request: FastifyRequest, reply: FastifyReply, { file, info }: FoundFile) {
    reply.header('content-type', typeOf(file)).header('vary', 'accept-encoding');
    // A range is of the file's own bytes; a whole text file goes gzipped to a browser that takes it.
    if (COMPRESSIBLE.has(extname(file).toLowerCase()) && acceptsGzip(request) && !request.headers.range) {
      const etag = etagOf(info);
      reply.header('etag', etag).header('last-modified', info.mtime.toUTCString());
      if (holds(request, etag)) return reply.code(304).send();
      let kept = gzips.get(file);
      if (kept?.etag !== etag) {
        kept = { etag, body: gzipSync(await readFile(file)) };
        gzips.set(file, kept);
      }
      return reply.header('content-encoding', 'gzip').send(kept.body);
    }
    return reply.sendFile(file.slice(root.length), root, SEND_OPTIONS);
  };
}
