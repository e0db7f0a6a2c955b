import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZES, pageCount } from '@bookswap/shared/schemas';
import { LoadError, LoadingSpinner } from '@bookswap/shared/ui';
import { BookGrid } from '../book-card/BookGrid';
import { bookListQuery, readBookListPlace, type BookListPlace } from './book-list-query';
import { useBookList } from './use-book-list';

function SearchForm({ search, onSearch }: { search: string; onSearch(text: string): void }) {
  const [text, setText] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, mb: 4, maxWidth: 640, mx: 'auto' }}
    >
      <TextField
        fullWidth
        size="small"
        type="search"
        placeholder="What are you looking for?"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { 'aria-label': 'Search books' } }}
      />
      <Button type="submit" variant="contained">
        Search
      </Button>
    </Box>
  );
}

interface PagingProps {
  place: BookListPlace;
  pages: number;
  onPage(page: number): void;
  onSize(size: number): void;
}

function Paging({ place, pages, onPage, onSize }: PagingProps) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', mt: 4 }}>
      <Typography>Currently Selected Pages: {place.page}</Typography>
      <Box
        component="nav"
        aria-label="Pages"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}
      >
        {Array.from({ length: pages }, (_, page) => (
          <Button
            key={page}
            variant={page === place.page ? 'contained' : 'outlined'}
            size="small"
            aria-label={`Page ${page}`}
            aria-current={page === place.page ? 'page' : undefined}
            onClick={() => onPage(page)}
            sx={{ minWidth: 40 }}
          >
            {page}
          </Button>
        ))}
      </Box>
      <TextField
        select
        size="small"
        label="Books per page"
        value={place.size}
        onChange={(event) => onSize(Number(event.target.value))}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 140 }}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}

/** /booklist: search, a page of book cards, page buttons from 0 and the page size (SPEC 2, 9). */
export function BookListPage() {
  const [params, setParams] = useSearchParams();
  const place = readBookListPlace(params);
  const { data, error, isLoading, isValidating, mutate } = useBookList(place);
  const go = (next: BookListPlace) => setParams(bookListQuery(next));

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3, textAlign: 'center' }}>
        Book List
      </Typography>
      {/* Keyed by the URL's search so Back to another search shows that search's text. */}
      <SearchForm key={place.search} search={place.search} onSearch={(search) => go({ ...place, search, page: 0 })} />
      <Box sx={{ height: 4, mb: 2 }}>{isValidating && data && <LinearProgress aria-label="Loading books" />}</Box>
      {/* With the previous page still shown, a failed page change must say so above it. */}
      {error && <LoadError error={error} what="The books" onRetry={() => void mutate()} />}
      {data ? (
        <>
          <BookGrid products={data.products} />
          <Paging
            place={place}
            pages={pageCount(data.count, place.size)}
            onPage={(page) => go({ ...place, page })}
            onSize={(size) => go({ ...place, size, page: 0 })}
          />
        </>
      ) : (
        isLoading && <LoadingSpinner label="Loading books" />
      )}
    </Box>
  );
}
