import Box from '@mui/material/Box';
import { Suspense } from 'react';

import Typography from '@mui/material/Typography';
import { Await, useAsyncError, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router-dom';
import { getCategoryProducts } from '@bookswap/shared/api';
import { categoryNameOf } from '@bookswap/shared/catalog-rules';
import type { Product } from '@bookswap/shared/schemas';
import { LoadError, LoadingSpinner } from '@bookswap/shared/ui';
import { BookGrid } from '../book-card/BookGrid';

interface CategoryProductsData {
  categoryId: string;
  products: Promise<Product[]>;
}

/**
 * product.md §2: the category's products are loaded before display. The loader starts the request as the
 * navigation starts; the page shows a spinner until it answers instead of freezing the old page.
 */
export function categoryProductsLoader({ params }: LoaderFunctionArgs): CategoryProductsData {
  const categoryId = params.category_id ?? '';
  return { categoryId, products: getCategoryProducts(categoryId) };
}

function ProductsError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <LoadError error={error} what="The books of this category" onRetry={() => void revalidator.revalidate()} />;
}

/** /category/{category_id}: the category's books as cards, or "NO Product". */
export function CategoryProductsPage() {
  const { categoryId, products } = useLoaderData() as CategoryProductsData;
  return (
    <Box sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3, textAlign: 'center' }}>
        {categoryNameOf(categoryId) ?? 'Category'}
      </Typography>
      <Suspense fallback={<LoadingSpinner label="Loading books" />}>
        <Await resolve={products} errorElement={<ProductsError />}>
          {(loaded: Product[]) => <BookGrid products={loaded} />}
        </Await>
      </Suspense>
    </Box>
  );
}
