import Grid from '@mui/material/Grid';
import { LoadError, LoadingSpinner } from '@bookswap/shared/ui';
import { CATEGORY_CARD_HEIGHT, CategoryCard } from './CategoryCard';
import { useCategories } from './use-categories';

const GAP = 24; // spacing={3}

/** The grid's height for `count` cards: one, two and three per row by breakpoint, as laid out below. */
function gridHeight(count: number) {
  const rows = (perRow: number) => Math.ceil(count / perRow);
  const height = (perRow: number) => rows(perRow) * CATEGORY_CARD_HEIGHT + (rows(perRow) - 1) * GAP;
  return { xs: height(1), sm: height(2), md: height(3) };
}

/** The categories of the static file as cards; `limit` is the home page's "first 3" (product.md §1). */
export function CategoryGrid({ limit }: { limit?: number }) {
  const { data, error, isLoading, mutate } = useCategories();
  if (isLoading) return <LoadingSpinner label="Loading categories" minHeight={limit ? gridHeight(limit) : undefined} />;
  if (error) return <LoadError error={error} what="The categories" onRetry={() => void mutate()} />;
  const categories = limit === undefined ? (data ?? []) : (data ?? []).slice(0, limit);
  return (
    <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {categories.map((category) => (
        <Grid key={category.category_id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
          <CategoryCard category={category} headingLevel={limit === undefined ? 'h2' : 'h3'} />
        </Grid>
      ))}
    </Grid>
  );
}
