import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZES, pageCount } from '@bookswap/shared/catalog-rules';
import { LoadError, LoadingSpinner } from '@bookswap/shared/ui';
import { BookGrid } from '../book-card/BookGrid';
import { useDeferredCards } from '../book-card/use-deferred-cards';
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
      {/* The input and select without TextField, whose menu-based select the first screens need not load. */}
      <OutlinedInput
        fullWidth
        size="small"
        type="search"
        placeholder="What are you looking for?"
        value={text}
        onChange={(event) => setText(event.target.value)}
        inputProps={{ 'aria-label': 'Search books' }}
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
      <FormControl size="small" sx={{ minWidth: 140 }}>
        <InputLabel shrink htmlFor="books-per-page">
          Books per page
        </InputLabel>
        <NativeSelect
          value={place.size}
          onChange={(event) => onSize(Number(event.target.value))}
          input={<OutlinedInput notched label="Books per page" />}
          inputProps={{ id: 'books-per-page' }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
    </Stack>
  );
}

/** /booklist: search, a page of book cards, page buttons from 0 and the page size (product.md §2, 9). */
export function BookListPage() {
  const [params, setParams] = useSearchParams();
  const place = readBookListPlace(params);
  const { data: latest, error, isLoading, isValidating, mutate } = useBookList(place);
  const { data, waiting } = useDeferredCards(latest, isLoading);
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
          <BookGrid products={data.products} priorityCovers={3} />
          <Paging
            place={place}
            pages={pageCount(data.count, place.size)}
            onPage={(page) => go({ ...place, page })}
            onSize={(size) => go({ ...place, size, page: 0 })}
          />
        </>
      ) : (
        waiting && <LoadingSpinner label="Loading books" />
      )}
    </Box>
  );
}
