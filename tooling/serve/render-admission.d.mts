import type { IncomingMessage } from 'node:http';
import type { SHED } from './kept-answers.mjs';

export interface RenderAdmission {
  clientOf(request: IncomingMessage): string;
  forRequest(client: string): <T>(work: () => Promise<T>) => Promise<T | typeof SHED>;
  state(): {
    active: number;
    waiting: number;
    admitted: number;
    shedFull: number;
    shedClient: number;
    shedMemory: number;
  };
}

export declare function createRenderAdmission(options?: {
  concurrency?: number;
  queue?: number;
  perClientPerMinute?: number;
  trustProxy?: string;
  maxRssBytes?: number;
}): RenderAdmission;
