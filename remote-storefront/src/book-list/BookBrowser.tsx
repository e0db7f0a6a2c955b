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
import { categoryNameOf } from '@bookswap/shared/catalog-rules';
import { PAGE_SIZES, pageCount } from '@bookswap/shared/catalog-rules';
import { LoadError, LoadingSpinner } from '@bookswap/shared/ui';
import { BookGrid } from '../book-card/BookGrid';
import { useDeferredCards } from '../book-card/use-deferred-cards';
import { BookFilters } from './BookFilters';
import {
  bookListQuery,
  isNarrowed,
  NO_FILTERS,
  readBookListPlace,
  type BookFilterChoice,
  type BookListPlace,
} from './book-list-query';
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

/** What narrows the list, in words, for the empty state: each one a person could loosen. */
function narrowingsOf(place: BookFilterChoice): string[] {
  const price =
    place.minPrice && place.maxPrice
      ? `price $${place.minPrice} to $${place.maxPrice}`
      : place.minPrice
        ? `price from $${place.minPrice}`
        : place.maxPrice
          ? `price up to $${place.maxPrice}`
          : '';
  return [
    ...(place.category.length > 0
      ? [`category (${place.category.map((id) => categoryNameOf(id) ?? id).join(', ')})`]
      : []),
    ...(place.condition.length > 0 ? [`condition (${place.condition.join(', ')})`] : []),
    ...(price ? [price] : []),
    ...(place.verified ? ['verified sellers only'] : []),
  ];
}

function ResultCount({ count }: { count: number | undefined }) {
  return (
    // Announced when it changes, so a screen reader hears what a filter did.
    <Typography role="status" sx={{ mb: 2, minHeight: '1.5em' }}>
      {count === undefined ? '' : `${count.toLocaleString('en')} ${count === 1 ? 'book' : 'books'}`}
    </Typography>
  );
}

function NothingMatches({ place, onClear }: { place: BookFilterChoice; onClear(): void }) {
  return (
    <Box sx={{ textAlign: 'center', mt: -4, mb: 4 }}>
      <Typography>No books match these filters. Try loosening: {narrowingsOf(place).join('; ')}.</Typography>
      <Button onClick={onClear}>Clear filters</Button>
    </Box>
  );
}

interface BookBrowserProps {
  title: string;
  /** The category page's category (its path's), which no control changes. */
  category?: string;
}

/**
 * A searchable, filtered, sorted, paged list of book cards (product.md §2, 9; issue 22): the book list, and a
 * category's page with its category fixed. What it shows is all in the URL's query.
 */
export function BookBrowser({ title, category }: BookBrowserProps) {
  const [params, setParams] = useSearchParams();
  const place = readBookListPlace(params);
  const { data: latest, error, isLoading, isValidating, mutate } = useBookList(place, category);
  const { data, waiting } = useDeferredCards(latest, isLoading);
  const go = (next: BookListPlace) => setParams(bookListQuery(category ? { ...next, category: [] } : next));
  const choose = (choice: BookFilterChoice) => go({ ...place, ...choice, page: 0 });
  const narrowed = isNarrowed(place);

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3, textAlign: 'center' }}>
        {title}
      </Typography>
      {/* Keyed by the URL's search so Back to another search shows that search's text. */}
      <SearchForm key={place.search} search={place.search} onSearch={(search) => go({ ...place, search, page: 0 })} />
      <BookFilters choice={place} facets={latest?.facets} withCategories={!category} onChange={choose} />
      <ResultCount count={latest?.count} />
      <Box sx={{ height: 4, mb: 2 }}>{isValidating && data && <LinearProgress aria-label="Loading books" />}</Box>
      {/* With the previous page still shown, a failed page change must say so above it. */}
      {error && <LoadError error={error} what="The books" onRetry={() => void mutate()} />}
      {data ? (
        <>
          <BookGrid products={data.products} priorityCovers={3} />
          {data.count === 0 && narrowed && (
            <NothingMatches place={place} onClear={() => choose({ ...NO_FILTERS, sort: place.sort })} />
          )}
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
