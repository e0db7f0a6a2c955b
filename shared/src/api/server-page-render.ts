import { preloadQuery, type QueryKey } from './api-query';

/**
 * What the shell's server gives a public page's route loader when it renders the page (docs/decisions/045): the same
 * loader the browser's router runs, which here waits for the answers its screens read first (kept in this request's
 * own cache, written into the page for hydration) and hands over the page's head made from them. It travels as React
 * Router's request context; in the browser there is none, and the loader only starts the screens' requests early.
 */
export interface ServerPageRender {
  /** The public origin the page names itself on (canonical URL, Open Graph): never a request's Host header. */
  readonly origin: string;
  /** The answer of one read a screen makes first, kept under its SWR key for the render and the hydration. */
  answer<Data>(read: PageRead<Data>): Promise<Data>;
  /** The page's head as HTML pieces, made from those answers. */
  head(head: RenderedPageHead): void;
}

/** A page's head as a server writes it: the document title's and description's text, and the elements for `<head>`. */
export interface RenderedPageHead {
  title: string;
  description: string;
  tags: string;
}

/**
 * One thing a page's screens read on their first render: its SWR key and the call that answers it. An API query
 * (`ApiQuery`, its key a `QueryKey`) is started by the browser's loader as the navigation starts; a read under a plain
 * key (a file of the remote's own) is left to its screen there.
 */
export interface PageRead<Data> {
  readonly key: QueryKey | string;
  fetch(): Promise<Data>;
}

/** Where the render sits in the request context: a plain name, since the shell's bundle and a remote's meet here. */
const SERVER_PAGE_RENDER = 'bookswapServerPageRender';

/** The request context the shell's server passes to React Router's `handler.query` for one page. */
export const serverPageRenderContext = (render: ServerPageRender) => ({ [SERVER_PAGE_RENDER]: render });

/** The server render a loader runs under, or null in the browser. */
export function serverPageRenderOf(context: unknown): ServerPageRender | null {
  if (typeof context !== 'object' || context === null || !(SERVER_PAGE_RENDER in context)) return null;
  return (context as Record<typeof SERVER_PAGE_RENDER, ServerPageRender>)[SERVER_PAGE_RENDER];
}

/** A page's answers, by the names of its reads. */
export type PageAnswers<Reads extends Record<string, PageRead<unknown>>> = {
  [Name in keyof Reads]: Reads[Name] extends PageRead<infer Data> ? Data : never;
};

/**
 * A page loader's reads, in the browser started early for its screens to take up (null: the screens show their own
 * loading states), on the server awaited and kept for the render (their answers, by name).
 */
export async function loadPageReads<Reads extends Record<string, PageRead<unknown>>>(
  reads: Reads,
  context: unknown,
): Promise<PageAnswers<Reads> | null> {
  const server = serverPageRenderOf(context);
  if (!server) {
    for (const read of Object.values(reads))
      if (typeof read.key !== 'string') preloadQuery({ key: read.key, fetch: () => read.fetch() });
    return null;
  }
  const answered = await Promise.all(
    Object.entries(reads).map(async ([name, read]) => [name, await server.answer(read)] as const),
  );
  return Object.fromEntries(answered) as PageAnswers<Reads>;
}
