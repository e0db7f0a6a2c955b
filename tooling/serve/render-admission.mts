// What a visitor's request may start on the shell's server when its page is not kept (docs/decisions/043): a render
// or a head takes a place in a small pool (at most `concurrency` under way and `queue` waiting), and each client
// may start only so many a minute, and none starts while the process is under pressure (load-pressure.mts). Past any of
// them the page goes out as the browser renders it, at once: counted as shed, never as failed. Kept pages are served
// to everyone whatever the pool and the limits say.
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import proxyAddr from 'proxy-addr';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { IncomingMessage } from 'node:http';
import { SHED } from './kept-answers.mts';

export interface RenderAdmissionOptions {
  /** computations under way at most (default: the cores) */
  concurrency?: number;
  /** computations waiting at most, past which new ones are shed */
  queue?: number;
  /**
   * uncached pages one client may start a minute (0: no limit); below what the API lets the renders for one visitor
   * search (RATE_LIMIT_SEARCH_PER_MINUTE, 120: two searches a page)
   */
  perClientPerMinute?: number;
  /**
   * the proxies whose X-Forwarded-For names the client (proxy-addr's forms: `loopback`, addresses, subnets,
   * comma-separated), none by default
   */
  trustProxy?: string;
  /** no computation starts while it says so (@fastify/under-pressure's event-loop delay and memory bounds) */
  underPressure?: () => boolean;
  /** page requests one client may make a minute, cached or not (0: no limit); past it the client is answered 429 */
  pagesPerClientMinute?: number;
}

/** Runs a computation that is not kept, or answers SHED. */
export type Admit = <T>(work: () => Promise<T>, options?: { refresh?: boolean }) => Promise<T | typeof SHED>;

export interface RenderAdmission {
  /** The client a request comes from: its socket's address, or the one a trusted proxy names. */
  clientOf(request: IncomingMessage): string;
  /**
   * Whether the client may ask for one more page (cached or not), or the seconds until it may: a flood is refused
   * before it costs more than the refusal.
   */
  pageAllowed(client: string): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }>;
  /**
   * One admission per request: the first computation it starts spends the client's allowance, later ones (its
   * head, then its body) ride on it. Answers SHED, at once, when the client is over its limit or the pool is full.
   */
  forRequest(client: string): Admit;
  /** Computations under way and waiting, and what was admitted or shed so far. */
  state(): {
    active: number;
    waiting: number;
    admitted: number;
    shedFull: number;
    shedClient: number;
    shedPressure: number;
    refused: number;
  };
}

export function createRenderAdmission({
  concurrency = availableParallelism(),
  queue = concurrency * 4,
  perClientPerMinute = 50,
  trustProxy = '',
  underPressure = () => false,
  pagesPerClientMinute = 1_200,
}: RenderAdmissionOptions = {}): RenderAdmission {
  const limit = pLimit(concurrency);
  const perClient = perClientPerMinute > 0 ? new RateLimiterMemory({ points: perClientPerMinute, duration: 60 }) : null;
  const trusted = proxyAddr.compile(
    trustProxy
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
  const pages = pagesPerClientMinute > 0 ? new RateLimiterMemory({ points: pagesPerClientMinute, duration: 60 }) : null;
  const counts = { admitted: 0, shedFull: 0, shedClient: 0, shedPressure: 0, refused: 0 };

  return {
    clientOf: (request) => proxyAddr(request, trusted),
    async pageAllowed(client) {
      if (!pages) return { allowed: true };
      try {
        await pages.consume(client);
        return { allowed: true };
      } catch (refusal) {
        counts.refused++;
        // rate-limiter-flexible rejects with its RateLimiterRes (msBeforeNext), or with an Error of its store.
        const msBeforeNext = (refusal as { msBeforeNext?: unknown } | undefined)?.msBeforeNext;
        return { allowed: false, retryAfterMs: Number(msBeforeNext) || 1_000 };
      }
    },
    forRequest(client) {
      let allowed: Promise<boolean> | undefined;
      const allow = () =>
        (allowed ??= perClient
          ? perClient.consume(client).then(
              () => true,
              () => false,
            )
          : Promise.resolve(true));
      /**
       * `refresh`: the work remakes a kept page in the background, for every visitor: it takes a place in the pool
       * but spends no visitor's allowance (a page is refreshed at most once per interval whoever asks).
       */
      return async (work, { refresh = false } = {}) => {
        // The pool and the pressure first: a page they shed spends none of the client's allowance.
        if (limit.activeCount + limit.pendingCount >= concurrency + queue) {
          counts.shedFull++;
          return SHED;
        }
        if (underPressure()) {
          counts.shedPressure++;
          return SHED;
        }
        if (!refresh && !(await allow())) {
          counts.shedClient++;
          return SHED;
        }
        counts.admitted++;
        return limit(work);
      };
    },
    state: () => ({ active: limit.activeCount, waiting: limit.pendingCount, ...counts }),
  };
}
