import { useEffect } from 'react';
import { getRuntimeConfig } from '@bookswap/contract/config';
import { jsonLdText, PAGE_HEAD_MARK, SITE_DESCRIPTION, type PageHead } from './page-head';

/**
 * The shell's public origin: config.json's `publicUrl` where the deployer names one (BOOKSWAP_PUBLIC_URL, so every
 * host name of the site points at one canonical address), else the origin this page was opened on.
 */
export function publicOrigin(): string {
  const config: object = getRuntimeConfig();
  const named = 'publicUrl' in config && typeof config.publicUrl === 'string' ? config.publicUrl : '';
  // No location in a server render (the screens' heads are applied in the browser; the server writes its own).
  return (named || (globalThis.location?.origin ?? '')).replace(/\/+$/, '');
}

/** Marks the elements this page added (or the shell's server wrote for it), so leaving it takes them away. */
const OWN = PAGE_HEAD_MARK;

/** The head's element with this attribute: the page's own, or one added and marked as this page's. */
function element<K extends 'meta' | 'link' | 'script'>(
  tag: K,
  [name, value]: [string, string],
): HTMLElementTagNameMap[K] {
  const found = document.head.querySelector<HTMLElementTagNameMap[K]>(`${tag}[${name}="${value}"]`);
  if (found) return found;
  const made = document.createElement(tag);
  made.setAttribute(name, value);
  made.setAttribute(OWN, '');
  document.head.appendChild(made);
  return made;
}

/**
 * Writes a page's head into the document, taking over the elements the shell's server wrote for it; the returned
 * function takes it back (the site's description restored: the one in the page may be the server's for this page).
 */
export function applyPageHead(head: PageHead): () => void {
  document.title = head.title;
  const description = element('meta', ['name', 'description']);
  description.content = head.description;
  element('link', ['rel', 'canonical']).href = head.canonical;
  const og = { title: head.title, description: head.description, url: head.canonical, type: head.type };
  for (const [name, value] of Object.entries({ ...og, image: head.image }))
    if (value) element('meta', ['property', `og:${name}`]).content = value;
  if (head.structuredData) element('script', ['type', 'application/ld+json']).text = jsonLdText(head.structuredData);
  return () => {
    description.content = SITE_DESCRIPTION;
    for (const own of document.head.querySelectorAll(`[${OWN}]`)) own.remove();
  };
}

/** Applies the page's head while the page is shown, again when it changes (a new filter, the list arriving). */
export function usePageHead(head: PageHead): void {
  const text = JSON.stringify(head);
  useEffect(() => applyPageHead(JSON.parse(text) as PageHead), [text]);
}
