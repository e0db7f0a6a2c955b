import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** The details page's title band, shared by the page and its skeleton so both take the same height. */
export function DetailsBanner({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ bgcolor: '#1f3a5f', color: '#fff', py: { xs: 4, md: 6 }, px: 2, textAlign: 'center' }}>{children}</Box>
  );
}

const FACT_LINES = 6;

/**
 * The details page's layout while the book loads: the banner, a cover-sized block and lines where the facts
 * and description go, so nothing jumps when the book arrives. One progress bar names it for screen readers.
 */
export function BookDetailsSkeleton() {
  return (
    <Box role="progressbar" aria-label="Loading the book" aria-busy="true">
      <DetailsBanner>
        <Skeleton variant="text" sx={{ bgcolor: 'grey.700', mx: 'auto', width: '60%', fontSize: '2.125rem' }} />
        <Skeleton variant="text" sx={{ bgcolor: 'grey.700', mx: 'auto', width: '30%', fontSize: '1rem' }} />
      </DetailsBanner>
      <Box sx={{ py: 4 }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 5 }}>
            {/* The cover's own proportions (450 × 600), as BookCover draws it. */}
            <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '3 / 4' }} />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={1}>
              {Array.from({ length: FACT_LINES }, (_, line) => (
                <Skeleton key={line} variant="text" sx={{ width: `${70 - line * 5}%`, fontSize: '1rem' }} />
              ))}
            </Stack>
            <Skeleton variant="text" sx={{ mt: 3, width: '40%', fontSize: '1.25rem' }} />
            <Skeleton variant="rounded" height={96} />
            <Skeleton variant="rounded" height={120} sx={{ mt: 3 }} />
          </Grid>
        </Grid>
      </Box>
    </Box>
  );
}
