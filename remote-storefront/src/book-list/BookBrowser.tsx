import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ROUTES } from '@bookswap/contract/routing';
import { PAGE_SIZES, pageCount } from '@bookswap/shared/catalog-rules';
import type { BookListResponse } from '@bookswap/shared/schemas';
import { formatCount, LoadError, LoadingSpinner } from '@bookswap/shared/ui';
import { BookGrid } from '../book-card/BookGrid';
import { useDeferredCards } from '../book-card/use-deferred-cards';
import type { PageHead } from '../page-head/page-head';
import { publicOrigin, usePageHead } from '../page-head/use-page-head';
import { BookFilters } from './BookFilters';
import { BookPager } from './BookPager';
import { SaveSearch } from './SaveSearch';
import { bookListHead, narrowingsOf } from './book-list-head';
import {
  bookListQuery,
  isNarrowed,
  NO_FILTERS,
  readBookListPlace,
  type BookFilterChoice,
  type BookListPlace,
} from './book-list-query';
import { useBookList } from './use-book-list';

interface SearchFormProps {
  search: string;
  onSearch(text: string): void;
  /** The list's other query values (its filters, order, page size), sent along by the form without scripts. */
  carried: [name: string, value: string][];
}

/** Without scripts the form is sent as a GET of this page, so a search works before or without the page's script. */
function SearchForm({ search, onSearch, carried }: SearchFormProps) {
  const [text, setText] = useState(search);
  // Back to another search shows that search's text. Set while rendering rather than by remounting the form,
  // which would drop the focus of someone who just pressed Enter in the field.
  const [searchShown, setSearchShown] = useState(search);
  if (search !== searchShown) {
    setSearchShown(search);
    setText(search);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Box
      component="form"
      role="search"
      method="get"
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
        inputProps={{ 'aria-label': 'Search books', name: 'search' }}
      />
      {carried.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="contained">
        Search
      </Button>
    </Box>
  );
}

interface PagingProps {
  place: BookListPlace;
  pages: number;
  /** The link of a page (from 0), which works without scripts too. */
  hrefOf(page: number): string;
  onPage(page: number): void;
  onSize(size: number): void;
}

function Paging({ place, pages, hrefOf, onPage, onSize }: PagingProps) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', mt: 4 }}>
      <BookPager page={place.page} pages={pages} hrefOf={hrefOf} onPage={onPage} />
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

/** Named for screen readers while the count is not known yet: a heading is never empty. */
const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/**
 * The results' heading, "123 books": where the focus goes after a page change, so a keyboard user
 * goes on from the top of the new page instead of from the document's start. Announced when it changes, so a
 * screen reader hears what a filter did.
 */
function ResultCount({ count, headingRef }: { count: number | undefined; headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <Typography
      ref={headingRef}
      component="h2"
      variant="body1"
      tabIndex={-1}
      aria-live="polite"
      sx={{ mb: 2, minHeight: '1.5em' }}
    >
      {count === undefined ? (
        <span style={hidden}>Books</span>
      ) : (
        `${formatCount(count)} ${count === 1 ? 'book' : 'books'}`
      )}
    </Typography>
  );
}

/**
 * After a page change, the results heading takes the focus once the new page is on screen: the page button
 * pressed may be gone from a shorter pager, and the new page starts above it.
 */
function useFocusOnArrival<T>(shown: T | undefined, failed: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  const waiting = useRef(false);
  useEffect(() => {
    if (!waiting.current) return;
    if (failed) waiting.current = false;
    else if (shown !== undefined) {
      waiting.current = false;
      heading.current?.focus();
    }
  }, [shown, failed]);
  return {
    heading,
    expect: () => {
      waiting.current = true;
    },
  };
}

function NothingMatches({ place, onClear }: { place: BookFilterChoice; onClear(): void }) {
  return (
    <Box sx={{ textAlign: 'center', mt: -4, mb: 4 }}>
      <Typography>No books match these filters. Try loosening: {narrowingsOf(place).join('; ')}.</Typography>
      <Button onClick={onClear}>Clear filters</Button>
    </Box>
  );
}

/** An empty category or search offers the next step: every book on offer. */
function BrowseEverything() {
  return (
    <Box sx={{ textAlign: 'center', mt: -4, mb: 4 }}>
      <Button component={RouterLink} to={ROUTES.bookList.path}>
        Browse all books
      </Button>
    </Box>
  );
}

interface BookBrowserProps {
  title: string;
  /** The category page's category (its path's), which no control changes. */
  category?: string;
  /**
   * The seller page's seller, whose books alone it lists: the page has its own h1 and head, so the list's title is
   * an h2, `headOf` writes the head, and `empty` says what an unfiltered empty list means.
   */
  seller?: { id: string; headOf(list: BookListResponse | undefined): PageHead; empty: string };
}

/**
 * A searchable, filtered, sorted, paged list of book cards (product.md §2, 9): the book list, a category's page
 * with its category fixed, and a seller's books on their page. What it shows is all in the URL's query.
 */
export function BookBrowser({ title, category, seller }: BookBrowserProps) {
  const [params, setParams] = useSearchParams();
  const place = readBookListPlace(params);
  const { data: latest, error, isLoading, isValidating, mutate } = useBookList(place, { category, seller: seller?.id });
  const { data, waiting } = useDeferredCards(latest, isLoading);
  // The previous page's books stay on screen while the next loads; the head lists the books of this URL only.
  const shown = isLoading ? undefined : latest;
  usePageHead(seller ? seller.headOf(shown) : bookListHead(publicOrigin(), params, shown, category));
  // The category page's category is its path's, never in its query.
  const queryOf = (next: BookListPlace) => bookListQuery(category ? { ...next, category: [] } : next);
  const go = (next: BookListPlace, options?: { replace: boolean }) => setParams(queryOf(next), options);
  /** What a GET form without scripts must send beside its own fields: the rest of this list's query. */
  const carriedExcept = (...own: string[]) =>
    [...queryOf({ ...place, page: 0 })].filter(([name]) => !own.includes(name));
  const choose = (choice: BookFilterChoice) => go({ ...place, ...choice, page: 0 });
  const narrowed = isNarrowed(place);
  const results = useFocusOnArrival(data, Boolean(error));
  const lastPage = latest && latest.count > 0 ? pageCount(latest.count, place.size) - 1 : undefined;
  const pastTheEnd = lastPage !== undefined && place.page > lastPage;
  // A page past the end (an old link, a list that shrank) shows the last page instead of "100 of 13" and no
  // books, in place of the URL asked for, so Back does not return to the empty page.
  useEffect(() => {
    if (pastTheEnd) go({ ...place, page: lastPage }, { replace: true });
  });

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component={seller ? 'h2' : 'h1'} sx={{ mb: 3, textAlign: 'center' }}>
        {title}
      </Typography>
      <SearchForm
        search={place.search}
        onSearch={(search) => go({ ...place, search, page: 0 })}
        carried={carriedExcept('search')}
      />
      <BookFilters
        choice={place}
        facets={latest?.facets}
        withCategories={!category}
        onChange={choose}
        count={isValidating ? undefined : latest?.count}
        onShowResults={() => results.heading.current?.focus()}
        carried={carriedExcept('category', 'condition', 'minPrice', 'maxPrice', 'verified', 'sort')}
      />
      {!category && !seller && <SaveSearch place={place} />}
      <ResultCount count={latest?.count} headingRef={results.heading} />
      <Box sx={{ height: 4, mb: 2 }}>{isValidating && data && <LinearProgress aria-label="Loading books" />}</Box>
      {/* With the previous page still shown, a failed page change must say so above it. */}
      {error && <LoadError error={error} what="The books" onRetry={() => void mutate()} />}
      {data ? (
        <>
          <BookGrid
            products={data.products}
            priorityCovers={3}
            empty={narrowed || place.search ? undefined : seller?.empty}
          />
          {data.count === 0 && narrowed && (
            <NothingMatches place={place} onClear={() => choose({ ...NO_FILTERS, sort: place.sort })} />
          )}
          {data.count === 0 && !narrowed && (category || place.search) && <BrowseEverything />}
          <Paging
            place={place}
            pages={pageCount(data.count, place.size)}
            hrefOf={(page) => `?${queryOf({ ...place, page }).toString()}`}
            onPage={(page) => {
              results.expect();
              go({ ...place, page });
            }}
            onSize={(size) => go({ ...place, size, page: 0 })}
          />
        </>
      ) : (
        waiting && <LoadingSpinner label="Loading books" />
      )}
    </Box>
  );
}
