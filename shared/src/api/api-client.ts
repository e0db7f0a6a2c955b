import type { ZodType } from 'zod';
import { renewAfterUnauthorized } from '@bookswap/contract/auth';
import { getRuntimeConfig } from '@bookswap/contract/config';
import { answerSchemas, type Answer, type AnswerName } from '../schemas/answers';
import { readAccessToken } from './access-token';
import { ApiError } from './api-error';
import { takeEarlyAnswer } from './early-answers';

export { query } from './query-string';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest<T> {
  method?: HttpMethod;
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  /** Protected calls send `authorization: Bearer <accessToken>` (product.md §6). */
  auth?: boolean;
  /** An explicit bearer (the identity provider's ID token) for the calls made before an access token exists. */
  bearer?: string;
  /** Checks the answer's shape so a contract drift fails loudly here, not deep in a screen. */
  schema?: ZodType<T>;
  /** The answer's shape by name (see answers.ts): checked like `schema`, but in development and tests only. */
  answer?: AnswerName;
  signal?: AbortSignal;
}

async function send(path: string, request: ApiRequest<unknown>): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const token = request.bearer ?? (request.auth ? readAccessToken() : null);
  if (token) headers.authorization = `Bearer ${token}`;
  const method = request.method ?? 'GET';
  const sendNow = () => fetch(`${getRuntimeConfig().apiUrl}${path}`, { method, headers, body, signal: request.signal });
  // A plain public read the page's inline script already sent is taken from there; if that failed, it is sent again.
  const early = !token && body === undefined && method === 'GET' ? takeEarlyAnswer(path) : undefined;
  try {
    return await (early ? early.catch(sendNow) : sendNow());
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server cannot be reached. Check your connection and try again.');
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  let message = response.statusText || `Request failed with status ${response.status}`;
  let field: string | undefined;
  try {
    const data: unknown = await response.json();
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
      message = data.message;
      if ('field' in data && typeof data.field === 'string') field = data.field;
    }
  } catch {
    // a body that is not JSON keeps the status text
  }
  return new ApiError(response.status, message, field);
}

/**
 * Development builds and tests check every named answer against its schema; a production build trusts the
 * server, whose answers are typed by the same schemas and tested against them, so the first page carries no
 * schema library (docs/decisions/013). The condition is written out here so the bundler can drop the branch.
 */
function schemaFor<T>(request: ApiRequest<T>): ZodType<T> | undefined {
  if (request.schema || !request.answer) return request.schema;
  return process.env.NODE_ENV === 'production' ? undefined : (answerSchemas()[request.answer] as unknown as ZodType<T>);
}

export function apiRequest<K extends AnswerName>(
  path: string,
  request: ApiRequest<Answer<K>> & { answer: K },
): Promise<Answer<K>>;
export function apiRequest<T = unknown>(path: string, request?: ApiRequest<T>): Promise<T>;
export async function apiRequest<T>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  let response = await send(path, request);
  // Once per call: the shell's renewal (@bookswap/contract/auth) trades for a fresh token or signs the person out.
  if (response.status === 401 && request.auth && (await renewAfterUnauthorized())) response = await send(path, request);
  if (!response.ok) throw await errorFrom(response);
  const data: unknown = response.status === 204 ? undefined : await response.json();
  const schema = schemaFor(request);
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, `Unexpected answer from ${path}`);
  return parsed.data;
}
