import { lazy, Suspense } from 'react';
import { isNarrowed, type BookListPlace } from './book-list-query';

// Its code loads with the first narrowed list, not with the first screens (`/` and the plain list): decision 035.
const SaveSearchButton = lazy(async () => ({
  default: (await import('../saved-search/SaveSearchButton')).SaveSearchButton,
}));

/** "Save this search" under a list narrowed by a search or a filter: a search for every book cannot be saved. */
export function SaveSearch({ place }: { place: BookListPlace }) {
  if (!place.search && !isNarrowed(place)) return null;
  return (
    <Suspense fallback={null}>
      <SaveSearchButton place={place} />
    </Suspense>
  );
}
