import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '@bookswap/contract/routing';
import { writes } from '@bookswap/shared/api';
import { SAVED_SEARCHES_MAX, type SavedSearch } from '@bookswap/shared/schemas';
import { formatDateTime, useWrite, withTimeZone } from '@bookswap/shared/ui';
import { LoadedTable, type DataColumn } from '@bookswap/shared/ui/tables';
import { SAVED_SEARCHES_ROUTE } from './saved-searches-route';
import { useSavedSearches } from './use-saved-searches';

export const SAVED_SEARCH_DELETED = 'Saved search deleted: no more emails about it';

/**
 * /dashboard/saved-searches: the book list's searches the person saved, each named as its emails name it, with the
 * list it shows and Delete (decision 035). No confirmation: the search can be saved again from the list.
 */
export function SavedSearchesPage() {
  const searches = useSavedSearches();
  const { busy, run } = useWrite();
  const bookList = ROUTES.bookList.path;

  const columns: DataColumn<SavedSearch>[] = [
    { header: 'Search', cell: (search) => search.label },
    {
      header: withTimeZone('Saved'),
      cell: (search) => <time dateTime={search.createdAt}>{formatDateTime(search.createdAt)}</time>,
    },
    {
      header: 'Books',
      cell: (search) => (
        <Button
          size="small"
          component={RouterLink}
          to={`${bookList}?${search.listQuery}`}
          aria-label={`Show books for ${search.label}`}
        >
          Show books
        </Button>
      ),
    },
    {
      header: 'Action',
      cell: (search) => (
        <Button
          size="small"
          color="error"
          variant="outlined"
          disabled={busy}
          aria-label={`Delete the saved search ${search.label}`}
          onClick={() =>
            void run(writes.deleteSavedSearch, search._id, {
              success: SAVED_SEARCH_DELETED,
              alreadyDone: 'This saved search was already deleted',
            })
          }
        >
          Delete
        </Button>
      ),
    },
  ];

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {SAVED_SEARCHES_ROUTE.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        When a new book matches one of these, you get a notification and an email, once per book. You may keep{' '}
        {SAVED_SEARCHES_MAX}.
      </Typography>
      <LoadedTable
        load={searches}
        what="Your saved searches"
        label={SAVED_SEARCHES_ROUTE.title}
        columns={columns}
        empty="No saved search"
        nextStep={
          <>
            <Typography>Search the book list and press “Save this search” to hear of new books that match.</Typography>
            <Button variant="contained" component={RouterLink} to={bookList}>
              Browse books
            </Button>
          </>
        }
      />
    </Box>
  );
}
