import type { SHED } from './kept-answers.mts';

export declare const PAGE_RENDER_API: 2;

/** What a shell release's render entry answers: the head, and the inside of `#root` with the state element. */
export interface RenderedPage {
  head: { title: string; description: string; tags: string };
  /** Null when only the head was asked for. */
  body: string | null;
  state: string | null;
}

/** A render that failed, missed its budget or was shed: the head element that says so, for the page sent unrendered. */
export interface FellBackPage {
  meta: string;
}

export type RenderOutcome = 'rendered' | 'fromCache' | 'none' | 'failed' | 'overBudget' | 'shed';

/** Runs a render that is not kept, or answers SHED (render-admission.mts). */
export type Admit = <T>(work: () => Promise<T>, options?: { refresh?: boolean }) => Promise<T | typeof SHED>;

export interface PageToRender {
  shell: { file: string | null; version: string };
  storefront: { file: string | null; version: string };
  remotes: { name: string; version?: string }[];
  config: object;
  apiUrl: string;
  /** The public origin the page names itself on. */
  origin: string;
  tag: string | null;
  path: string;
  /** The query without its `?`. */
  search: string;
  userAgent?: string;
  /** False: the head alone. */
  body?: boolean;
}

export interface PageRenders {
  outcomesOf(version: string): Record<RenderOutcome, number>;
  canonicalOf(
    files: { shell: string | null; storefront: string | null },
    path: string,
    search: string,
  ): { path: string; search: string; renders: boolean } | null;
  pageOf(page: PageToRender, admit?: Admit): Promise<RenderedPage | FellBackPage | null>;
  held(): { modules: number; pages: number; bytes: number; renders: number };
}

export declare function withRenderedPage(page: string, rendered: RenderedPage | FellBackPage): string;
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
