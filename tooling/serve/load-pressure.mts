// When a server of the product is under pressure (@fastify/under-pressure): its event loop late by more than
// BOOKSWAP_SERVE_EVENT_LOOP_DELAY_MS on average over a second, or its V8 heap or resident memory above
// BOOKSWAP_SERVE_HEAP_MB / BOOKSWAP_SHELL_MEMORY_MB. Nothing is refused then: the shell starts no render (its pages go
// as the browser renders them, counted as shed) and every other answer, a read of kept bytes, goes as usual
// (docs/decisions/044).
import { getHeapStatistics } from 'node:v8';
import type { FastifyUnderPressureOptions } from '@fastify/under-pressure';

type Env = Record<string, string | undefined>;

/** A positive number from the environment, else `fallback`; `0` turns the bound off. */
function boundOf(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : fallback;
}

const MB = 1024 * 1024;

/**
 * The bounds from `env`. The defaults trip only near a failure: a loop a second late on average (a render never holds
 * it that long; a Jest worker or `npm start` on a busy machine stays far below), and a heap at 90% of V8's limit, past
 * which the process would soon end. No bound on resident memory unless set: `npm start` and the browser tests serve
 * more than the shell in one process (docs/decisions/069).
 */
export function pressureBounds(env: Env = process.env): FastifyUnderPressureOptions {
  const heapLimitMb = getHeapStatistics().heap_size_limit / MB;
  return {
    maxEventLoopDelay: boundOf(env.BOOKSWAP_SERVE_EVENT_LOOP_DELAY_MS, 1_000),
    maxHeapUsedBytes: boundOf(env.BOOKSWAP_SERVE_HEAP_MB, Math.floor(heapLimitMb * 0.9)) * MB,
    maxRssBytes: boundOf(env.BOOKSWAP_SHELL_MEMORY_MB, 0) * MB,
  };
}
