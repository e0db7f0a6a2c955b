import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '@bookswap/contract/routing';
import type { ListedCategory } from './use-categories';

/** Every card is at least this tall, so the grid's place can be kept while the categories load. */
export const CATEGORY_CARD_HEIGHT = 120;

export function CategoryCard({ category, headingLevel }: { category: ListedCategory; headingLevel: 'h2' | 'h3' }) {
  return (
    <Card
      component="article"
      sx={{ height: '100%', minHeight: CATEGORY_CARD_HEIGHT, display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component={headingLevel}>
          {category.category_name}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={ROUTES.categoryProducts.href({ category_id: category.category_id })}
          variant="contained"
          size="small"
          aria-label={`See Details of ${category.category_name}`}
        >
          See Details
        </Button>
      </CardActions>
    </Card>
  );
}
