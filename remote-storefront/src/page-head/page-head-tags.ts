import { jsonLdText, PAGE_HEAD_MARK, type PageHead } from './page-head';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A page's head as HTML, for a server to write into the page it sends: the same elements `applyPageHead` makes in
 * the browser, marked as the page's, so the browser takes them over instead of adding a second set.
 */
export function pageHeadTags(head: PageHead): { title: string; description: string; tags: string } {
  const mark = PAGE_HEAD_MARK;
  const og = {
    title: head.title,
    description: head.description,
    url: head.canonical,
    type: head.type,
    image: head.image,
  };
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" ${mark}>`,
    ...Object.entries(og).flatMap(([name, value]) =>
      value ? [`<meta property="og:${name}" content="${escapeHtml(value)}" ${mark}>`] : [],
    ),
    ...(head.structuredData
      ? [`<script type="application/ld+json" ${mark}>${jsonLdText(head.structuredData)}</script>`]
      : []),
  ];
  return { title: escapeHtml(head.title), description: escapeHtml(head.description), tags: tags.join('') };
}
