import Box from '@mui/material/Box';

import Typography from '@mui/material/Typography';
import { publicOrigin, usePageHead } from '../page-head/use-page-head';
import { categoriesHead } from './categories-head';
import { CategoryGrid } from './CategoryGrid';

/** /category: every category of the static file that has an id. */
export function CategoryListPage() {
  usePageHead(categoriesHead(publicOrigin()));
  return (
    <Box sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3, textAlign: 'center' }}>
        Book Categories
      </Typography>
      <CategoryGrid />
    </Box>
  );
}
