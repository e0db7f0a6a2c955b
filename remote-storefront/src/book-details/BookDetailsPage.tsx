import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { preloadQuery, productQueries } from '@bookswap/shared/api';
import type { ProductDetails } from '@bookswap/shared/schemas';
import { BookCover, LoadError, SellerRatingLine, formatPrice, useApiQuery } from '@bookswap/shared/ui';
import { BookActionButton } from '../book-actions/BookActionButton';
import { BookNowAction } from '../book-actions/BookNowAction';
import { useBookActions } from '../book-actions/use-book-actions';
import { SellerName } from '../book-card/SellerName';
import { publicOrigin, usePageHead } from '../page-head/use-page-head';
import { BookDetailsSkeleton, DetailsBanner } from './BookDetailsSkeleton';
import { bookDetailsHead } from './book-details-head';

/**
 * product.md §2: the product is loaded by id before display; the request starts with the navigation, and the page
 * reads its answer from the same query.
 */
export function bookDetailsLoader({ params }: LoaderFunctionArgs): null {
  preloadQuery(productQueries.detail(params.id ?? ''));
  return null;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body1">
      <Box component="span" sx={{ fontWeight: 600 }}>
        {label}:
      </Box>{' '}
      {value}
    </Typography>
  );
}

/**
 * Who posts the book, linked to their page, and their rating from their buyers' reviews (decision 034), which comes
 * with the book: nothing before a first review.
 */
function PostedBy({ product }: { product: ProductDetails }) {
  return (
    <>
      <Typography variant="body1">
        <Box component="span" sx={{ fontWeight: 600 }}>
          Post by:
        </Box>{' '}
        <SellerName product={product} variant="body1" />
      </Typography>
      {product.sellerRating && product.sellerRating.count > 0 && (
        <Typography variant="body1">
          <Box component="span" sx={{ fontWeight: 600 }}>
            Seller rating:
          </Box>{' '}
          <SellerRatingLine rating={product.sellerRating} />
        </Typography>
      )}
    </>
  );
}

function BookDetails({ product }: { product: ProductDetails }) {
  const actions = useBookActions(product);
  usePageHead(bookDetailsHead(publicOrigin(), product));
  return (
    <>
      <DetailsBanner>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {product.book_name}
        </Typography>
        <Typography variant="subtitle1" component="p">
          by {product.author_name.trim() || 'Unknown'}
        </Typography>
      </DetailsBanner>
      <Box sx={{ py: 4 }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 5 }}>
            <BookCover src={product.img} bookName={product.book_name} width={450} height={600} rounded priority />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={1}>
              <PostedBy product={product} />
              <Fact label="Original Price" value={formatPrice(product.original_price)} />
              <Fact label="Selling Price" value={formatPrice(product.resale_price)} />
              <Fact label="Pickup Address" value={product.location} />
              <Fact label="Condition" value={product.book_condition} />
              <Fact label="Years used" value={product.Year_of_use} />
            </Stack>
            <Divider sx={{ my: 3 }} />
            <Typography variant="h6" component="h2" gutterBottom>
              Description
            </Typography>
            <Typography variant="body1" sx={{ whiteSpace: 'pre-line' }}>
              {product.description.trim() || 'No description'}
            </Typography>
            <Paper variant="outlined" component="section" aria-labelledby="contact-title" sx={{ p: 2, mt: 3 }}>
              <Typography id="contact-title" variant="h6" component="h2" gutterBottom>
                Contact Information
              </Typography>
              {/* The server tells them to a signed-in caller only, as whoever opens this page is. */}
              {'sellerEmail' in product ? (
                <>
                  <Fact label="Phone" value={product.phone || 'Not given'} />
                  <Fact label="Email" value={product.sellerEmail} />
                </>
              ) : (
                <Typography variant="body1">Sign in to see the seller’s phone and email.</Typography>
              )}
            </Paper>
            <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap', alignItems: 'center' }}>
              <BookNowAction
                product={product}
                canBook={actions.canBook(product)}
                bookedByYou={actions.bookedByYou(product)}
                focusWhenBooked={actions.justBooked === product._id}
                onBookNow={actions.bookNow}
                signInHref={actions.signInHref('book', product)}
              />
              {actions.canReport(product) && (
                <BookActionButton
                  variant="outlined"
                  color="error"
                  href={actions.signInHref('report', product)}
                  onPress={() => actions.report(product)}
                >
                  Report
                </BookActionButton>
              )}
            </Stack>
          </Grid>
        </Grid>
      </Box>
      {actions.modals}
    </>
  );
}

/** /bookDetails/{id} (signed in): everything about one book, with Book Now and Report. */
export function BookDetailsPage() {
  const { data: product, error, mutate } = useApiQuery(productQueries.detail(useParams().id ?? ''));
  if (product) return <BookDetails product={product} />;
  if (error)
    return (
      <Box sx={{ py: 4 }}>
        <LoadError error={error} what="This book" onRetry={() => void mutate()} />
      </Box>
    );
  // The page keeps its shape while the book loads: a skeleton of the details, not a blank page.
  return <BookDetailsSkeleton />;
}
