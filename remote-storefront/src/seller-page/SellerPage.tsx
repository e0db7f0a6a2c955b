import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import { useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { preloadQuery, productQueries, reviewQueries } from '@bookswap/shared/api';
import type { SellerProfile } from '@bookswap/shared/schemas';
import { LoadError, LoadingSpinner, SellerRatingLine, useApiQuery } from '@bookswap/shared/ui';
import { BookBrowser } from '../book-list/BookBrowser';
import { bookListCall, readBookListPlace } from '../book-list/book-list-query';
import { publicOrigin, usePageHead } from '../page-head/use-page-head';
import { sellerHead } from './seller-head';
import { SellerReviews } from './SellerReviews';

/** The seller's profile and the first page of their books start loading with the navigation, side by side. */
export function sellerPageLoader({ params, request }: LoaderFunctionArgs): null {
  const id = params.id ?? '';
  preloadQuery(reviewQueries.sellerProfile(id));
  preloadQuery(
    productQueries.bookList(bookListCall(readBookListPlace(new URL(request.url).searchParams), { seller: id })),
  );
  return null;
}

const memberSince = (iso: string) => new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'long' });

function SellerHeader({ seller }: { seller: SellerProfile }) {
  const { rating } = seller;
  return (
    <Box component="header" sx={{ textAlign: 'center', py: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {seller.name}
        </Typography>
        {seller.verified && <VerifiedIcon color="primary" titleAccess="Verified seller" data-testid="verified-tick" />}
      </Stack>
      <Typography color="text.secondary">Member since {memberSince(seller.memberSince)}</Typography>
      <Typography>{rating.count > 0 ? <SellerRatingLine rating={rating} /> : 'Not rated yet'}</Typography>
    </Box>
  );
}

function SellerBooks({ seller }: { seller: SellerProfile }) {
  return (
    <BookBrowser
      title={`Books by ${seller.name}`}
      seller={{
        id: seller._id,
        headOf: (list) => sellerHead(publicOrigin(), seller._id, seller, list),
        empty: 'No books listed yet',
      }}
    />
  );
}

/** The head before the seller is known; once they are, the list of their books writes it (`SellerBooks`). */
function BareHead({ sellerId }: { sellerId: string }) {
  usePageHead(sellerHead(publicOrigin(), sellerId, undefined, undefined));
  return null;
}

/**
 * /seller/:id (public): who the seller is (name, verified tick, member since, rating), their buyers' reviews, and
 * their books with the book list's search, filters, order and pages.
 */
export function SellerPage() {
  const id = useParams().id ?? '';
  const { data: seller, error, mutate } = useApiQuery(reviewQueries.sellerProfile(id));
  if (error)
    return (
      <Box sx={{ py: 4 }}>
        <BareHead sellerId={id} />
        <LoadError error={error} what="This seller" onRetry={() => void mutate()} />
      </Box>
    );
  if (!seller)
    return (
      <>
        <BareHead sellerId={id} />
        <LoadingSpinner label="Loading the seller" />
      </>
    );
  return (
    <>
      <SellerHeader seller={seller} />
      <SellerReviews sellerId={seller._id} count={seller.rating.count} />
      <SellerBooks seller={seller} />
    </>
  );
}
