import { lazy, startTransition, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { drawsRenderedPage, LoadError } from '@bookswap/shared/ui';
import { BookGrid } from '../book-card/BookGrid';
import { useDeferredCards } from '../book-card/use-deferred-cards';
import { CategoryGrid } from '../categories/CategoryGrid';
import { homeHead } from '../page-head/page-head';
import { publicOrigin, usePageHead } from '../page-head/use-page-head';
import { NearTheScreen } from './NearTheScreen';
import { Section } from './Section';
import { useAdvertisedProducts } from './use-advertised-products';

// The last section, below the fold on every screen: its code (and its reviewers' words) comes when the visitor
// scrolls near it (NearTheScreen), not with the first screen.
const ClientReview = lazy(async () => ({ default: (await import('./ClientReview')).ClientReview }));
// Inlined by the build (under 8 KiB): the banner is the home page's largest paint, so it waits for no download.
import bannerUrl from './banner.svg';

function Banner() {
  return (
    <Box
      sx={{
        position: 'relative',
        minHeight: { xs: 220, md: 360 },
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        backgroundColor: '#1f3a5f',
        backgroundImage: `url("${bannerUrl}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        color: '#fff',
        px: 2,
      }}
    >
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontWeight: 700, textAlign: 'center', fontSize: { xs: '2rem', md: '3rem' } }}
      >
        Buy & Sell Second Hand Book!
      </Typography>
    </Box>
  );
}

/**
 * About one row of book cards with its heading: kept while the advertised books load, so the reviews below
 * start off-screen instead of being pushed down when the books arrive (CLS).
 */
const ADVERTISED_ROW_HEIGHT = 640;

/** The advertise grid's columns by screen width (product.md §9: 1, 2 or 4). */
const ADVERTISED_COLUMNS = { xs: 12, sm: 6, lg: 3 };

/**
 * The advertised books' place, drawn at once: a heading line and a row of card shapes, exactly a row's
 * height, so nothing below moves when the books arrive.
 */
function AdvertisedPlaceholder() {
  return (
    <Box
      role="progressbar"
      aria-label="Loading advertised books"
      aria-busy="true"
      sx={{ height: ADVERTISED_ROW_HEIGHT, py: 5, boxSizing: 'border-box', overflow: 'hidden' }}
    >
      <Skeleton variant="text" sx={{ mx: 'auto', mb: 3, width: 280, maxWidth: '80%', fontSize: '2.125rem' }} />
      <Grid container spacing={3}>
        {Array.from({ length: 4 }, (_, card) => (
          <Grid key={card} size={ADVERTISED_COLUMNS}>
            <Skeleton variant="rounded" height={ADVERTISED_ROW_HEIGHT} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

/** Shown only when at least one advertised product exists (product.md §1). */
function AdvertiseProduct() {
  const { data: latest, error, isLoading, mutate } = useAdvertisedProducts();
  const { data, waiting } = useDeferredCards(latest, isLoading);
  if (waiting) return <AdvertisedPlaceholder />;
  if (error) return <LoadError error={error} what="The advertised books" onRetry={() => void mutate()} />;
  if (!data || data.length === 0) return null;
  return (
    <Section id="advertise-product-title" title="Advertise Product">
      {/* product.md §9: 1, 2 or 4 columns by screen width. */}
      <BookGrid products={data} size={ADVERTISED_COLUMNS} headingLevel="h3" />
    </Section>
  );
}

/**
 * What lies below the banner, rendered in a second, interruptible pass once the banner is on screen: the banner is
 * the page's largest paint, and a phone's first commit of the whole page was one long task before it (Lighthouse).
 * The main area is already a screen tall (docs/decisions/016), so the sections arriving move nothing.
 */
function BelowTheBanner({ children }: { children: ReactNode }) {
  // A page the server rendered holds them already, banner painted: hydration draws them as the server did.
  const [shown, setShown] = useState(drawsRenderedPage);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}

/**
 * Drawn by the browser only, after hydration: the reviewers' pictures come from the storefront's own origin, which
 * only the browser's copy of the storefront knows (`staticFileUrl`). Below the fold, so nothing on screen moves.
 */
function InTheBrowser({ children }: { children: ReactNode }) {
  // Nothing on the server and while hydrating (the server's snapshot), then the browser's: drawn.
  const inTheBrowser = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
  return inTheBrowser ? children : null;
}
const neverChanges = () => () => undefined;

/** `/`: banner, the first three categories, advertised books and the client reviews. */
export function HomePage() {
  usePageHead(homeHead(publicOrigin()));
  return (
    <>
      <Banner />
      <BelowTheBanner>
        <Section id="book-categories-title" title="Book Categories">
          <CategoryGrid limit={3} />
          <Box sx={{ textAlign: 'center', mt: 3 }}>
            <Button component={RouterLink} to="/category" variant="outlined">
              See More
            </Button>
          </Box>
        </Section>
        <AdvertiseProduct />
        <InTheBrowser>
          <NearTheScreen>
            <Suspense fallback={null}>
              <ClientReview />
            </Suspense>
          </NearTheScreen>
        </InTheBrowser>
      </BelowTheBanner>
    </>
  );
}
