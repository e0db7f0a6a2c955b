import type { FastifyServerOptions } from 'fastify';

/** Longer URLs are cut in the log: nobody reads past this, and an attacker's 64 KiB URL costs nothing to log. */
export const LOGGED_URL_MAX = 2048;

// The URL in pieces between `/ ? & = #` and white space; a piece holding an address, `@` plain or percent-encoded
// (`?email=a%40b.test`), is replaced. One pass over the text: a pattern that tried every start position was
// quadratic, and an unauthenticated long URL stalled the event loop.
const SEPARATORS = /([/?&=#\s])/;
const HOLDS_EMAIL = /@|%40/i;

/** The URL as logs may keep it: emails (personal data) replaced, cut at LOGGED_URL_MAX characters. */
export function redactEmails(url: string): string {
  const cut = url.length > LOGGED_URL_MAX ? `${url.slice(0, LOGGED_URL_MAX)}…` : url;
  return cut
    .split(SEPARATORS)
    .map((piece) => (piece.length > 1 && HOLDS_EMAIL.test(piece) ? '[email]' : piece))
    .join('');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with the URL redacted. */
export function requestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactEmails(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger options with the redacting request serializer; no logger stays no logger. */
export function withRedactedRequests(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = typeof logger === 'object' ? logger : {};
  return { ...options, serializers: { ...options.serializers, req: requestForLog } };
}
