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

export type RenderOutcome = 'rendered' | 'fromCache' | 'none' | 'failed' | 'overBudget';

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
  pageOf(page: PageToRender): Promise<RenderedPage | FellBackPage | null>;
  held(): { modules: number; pages: number };
}

export declare function withPageBody(page: string, rendered: RenderedPage | FellBackPage): string;
export declare function createPageRenders(options?: {
  budgetMs?: number;
  freshMs?: number;
  taggedMs?: number;
  maxModules?: number;
  maxPages?: number;
  log?: (line: string) => void;
}): PageRenders;
