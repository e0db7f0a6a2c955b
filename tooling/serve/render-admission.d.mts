import type { IncomingMessage } from 'node:http';
import type { SHED } from './kept-answers.mjs';

export interface RenderAdmission {
  clientOf(request: IncomingMessage): string;
  pageAllowed(client: string): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }>;
  forRequest(client: string): <T>(work: () => Promise<T>, options?: { refresh?: boolean }) => Promise<T | typeof SHED>;
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

export declare function createRenderAdmission(options?: {
  concurrency?: number;
  queue?: number;
  perClientPerMinute?: number;
  trustProxy?: string;
  underPressure?: () => boolean;
  pagesPerClientMinute?: number;
}): RenderAdmission;
