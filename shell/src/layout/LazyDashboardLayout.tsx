import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '@bookswap/shared/ui';

const DashboardLayout = lazy(async () => ({ default: (await import('./DashboardLayout')).DashboardLayout }));

/** The dashboard's layout (drawer, side menu) is its own chunk: public pages never load it. */
export function LazyDashboardLayout() {
  return (
    <Suspense fallback={<LoadingSpinner label="Loading the dashboard" />}>
      <DashboardLayout />
    </Suspense>
  );
}
