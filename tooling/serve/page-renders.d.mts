import type { SHED } from './kept-answers.mjs';

export declare const PAGE_RENDER_API: 1;

/** What a shell release's render entry answers: the inside of `#root`, and the state element the browser reads. */
export interface RenderedPage {
  body: string;
  state: string;
}

/** A render that failed or missed its budget: the head element that says so, for the page sent unrendered. */
export interface FellBackPage {
  head: string;
}

export type RenderOutcome = 'rendered' | 'fromCache' | 'none' | 'failed' | 'overBudget' | 'shed';

/** Runs a render that is not kept, or answers SHED (render-admission.mjs). */
export type Admit = <T>(work: () => Promise<T>, options?: { refresh?: boolean }) => Promise<T | typeof SHED>;

export interface PageToRender {
  shell: { file: string | null; version: string };
  storefront: { file: string | null; version: string };
  remotes: { name: string; version?: string }[];
  config: object;
  apiUrl: string;
  tag: string | null;
  path: string;
  /** The query without its `?`. */
  search: string;
  userAgent?: string;
}

export interface PageRenders {
  outcomesOf(version: string): Record<RenderOutcome, number>;
  pageOf(page: PageToRender, admit?: Admit): Promise<RenderedPage | FellBackPage | null>;
  held(): { modules: number; pages: number; bytes: number; renders: number };
}

export declare function withPageBody(page: string, rendered: RenderedPage | FellBackPage): string;
export declare function createPageRenders(options?: {
  budgetMs?: number;
  freshMs?: number;
  taggedMs?: number;
  refreshMs?: number;
  staleMs?: number;
  maxModules?: number;
  maxBytes?: number;
  log?: (line: string) => void;
}): PageRenders;
