import type { FastifyServerOptions } from 'fastify';

// An address in a path or a query, `@` plain or percent-encoded (`?email=a%40b.test`).
const EMAIL_IN_URL = /[^/?&=#\s]+(?:@|%40)[^/?&=#\s]+/gi;

/** The URL as logs may keep it: emails (personal data) replaced. */
export function redactEmails(url: string): string {
  return url.replace(EMAIL_IN_URL, '[email]');
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
