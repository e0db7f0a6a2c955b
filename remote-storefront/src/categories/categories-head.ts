import { CATEGORY_CHOICES } from '@bookswap/shared/catalog-rules';
import { publicUrl, siteTitle, type PageHead } from '../page-head/page-head';

/** `/category`: the categories by name. */
export const categoriesHead = (origin: string): PageHead => ({
  title: siteTitle('Book Categories'),
  description: `Second hand books by category on Bookswap: ${CATEGORY_CHOICES.map((c) => c.category_name).join(', ')}.`,
  canonical: publicUrl(origin, '/category'),
  type: 'website',
});
