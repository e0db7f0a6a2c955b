import type { Admit } from './page-renders.mjs';

export declare const PAGE_HEAD_API: 1;

/** What the storefront's server entry answers: the title's and description's text and the head's elements. */
export interface RenderedPageHead {
  title: string;
  description: string;
  tags: string;
}

export interface PageOfRelease {
  /** The release's page-head entry, or null when it has none. */
  file: string | null;
  version: string;
  path: string;
  /** The query without its `?`. */
  search: string;
  origin: string;
  apiUrl: string;
}

export interface PageHeads {
  outcomes: { written: number; fromCache: number; none: number; failed: number; overBudget: number; shed: number };
  headOf(page: PageOfRelease, admit?: Admit): Promise<RenderedPageHead | null>;
  canonicalOf(
    file: string | null,
    path: string,
    search: string,
  ): { path: string; search: string; renders: boolean } | null;
  held(): { modules: number; heads: number; bytes: number; computations: number };
}

export declare function withPageHead(page: string, head: RenderedPageHead): string;
export declare function createPageHeads(options?: {
  budgetMs?: number;
  freshMs?: number;
  taggedMs?: number;
  tagFreshMs?: number;
  refreshMs?: number;
  staleMs?: number;
  maxModules?: number;
  maxBytes?: number;
  log?: (line: string) => void;
}): PageHeads;
