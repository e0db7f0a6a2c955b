import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { Product } from '@bookswap/shared/schemas';
import { SELLER_ROUTE } from '../seller-page/seller-route';

/** A listing's seller by name, a link to their public page (on the cards and the book's details). */
export function SellerName({ product, variant }: { product: Product; variant: 'body1' | 'body2' }) {
  return (
    <Typography
      component={RouterLink}
      to={SELLER_ROUTE.href({ id: product.sellerId })}
      variant={variant}
      sx={{ fontWeight: 600, color: 'inherit' }}
    >
      {product.sellerName}
    </Typography>
  );
}
