import { setRuntimeConfig } from '@bookswap/contract/config';
import { forgetStartedQueries } from '../api/api-query';

/** Tests talk to this base URL; the fake below answers it (and a remote's static files). */
export const FAKE_API_URL = 'http://api.test';

export interface FakeCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

type Reply = FakeAnswer | ((call: FakeCall) => FakeAnswer | Promise<FakeAnswer>);

/**
 * A fake of the network boundary: it replaces `fetch`, so screens run their real API client,
 * schemas and SWR hooks. Answers are keyed by method and path ("GET /api/product/Ads/list");
 * a call nobody answers fails the way an unreachable route would, with a 404 and a message.
 */
export function installFakeApi() {
  const replies = new Map<string, Reply>();
  const calls: FakeCall[] = [];
  const realFetch = globalThis.fetch;
  setRuntimeConfig({ apiUrl: FAKE_API_URL });

  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    // An upload's body is jsdom's FormData, which Node's Request cannot read (it hangs): the call keeps it as is.
    const form = init?.body instanceof FormData ? init.body : undefined;
    const request = new Request(input, form ? { ...init, body: undefined } : init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || form ? '' : await request.text();
    const call: FakeCall = {
      method: request.method,
      url,
      headers: request.headers,
      body: form ?? (text ? JSON.parse(text) : undefined),
    };
    calls.push(call);
    const reply = replies.get(`${request.method} ${url.pathname}`);
    const answer: FakeAnswer = !reply
      ? { status: 404, body: { message: `No fake answer for ${request.method} ${url.pathname}` } }
      : typeof reply === 'function'
        ? await reply(call)
        : reply;
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };

  return {
    calls,
    /** Answers `METHOD /path` (query ignored; read it from `call.url`). */
    on(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, reply: Reply) {
      replies.set(`${method} ${path}`, reply);
    },
    callsTo(method: string, path: string) {
      return calls.filter((call) => call.method === method && call.url.pathname === path);
    },
    restore() {
      globalThis.fetch = realFetch;
    },
  };
}

export type FakeApi = ReturnType<typeof installFakeApi>;

/** A reply that never comes, to hold a screen in its loading state. */
export const never = (): Promise<FakeAnswer> => new Promise(() => {});

/**
 * A fresh fake for each test of the enclosing `describe` (installed before each, restored after), as
 * one object the tests use directly: `const api = fakeApiForEachTest();` then `api.on(...)` in a test.
 */
export function fakeApiForEachTest(): FakeApi {
  let current: FakeApi | null = null;
  beforeEach(() => {
    current = installFakeApi();
  });
  afterEach(() => {
    current?.restore();
    current = null;
    // An answer a loader started from this fake is no later test's to take up.
    forgetStartedQueries();
  });
  return new Proxy({} as FakeApi, {
    get(_target, property) {
      if (!current) throw new Error('The fake API exists only while a test runs');
      return Reflect.get(current, property) as unknown;
    },
  });
}
