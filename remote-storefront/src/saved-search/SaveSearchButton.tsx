import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import { LOGIN_PATH, loginRedirectState } from '@bookswap/contract/routing';
import { SAVED_SEARCHES_PATH, writes } from '@bookswap/shared/api';
import type { SavedSearchBody } from '@bookswap/shared/schemas';
import { useWrite } from '@bookswap/shared/ui';
import type { BookListPlace } from '../book-list/book-list-query';
import { SAVE_AFTER_SIGN_IN } from './save-after-sign-in';

export const SEARCH_SAVED = 'Search saved: we will email you when a new book matches it';

/** The list's search and filters as the server keeps them (decision 035); order, page and size are not the search. */
function savedSearchBody(place: BookListPlace): SavedSearchBody {
  return {
    search: place.search,
    category: place.category,
    condition: place.condition,
    ...(place.minPrice ? { minPrice: place.minPrice } : {}),
    ...(place.maxPrice ? { maxPrice: place.maxPrice } : {}),
    ...(place.verified ? { verified: '1' as const } : {}),
  };
}

/**
 * "Save this search": a signed-in person keeps the list's search and filters and hears of new matching books by email
 * (decision 035); the server's refusal (the 20 limit, saved already) shows as a toast. A signed-out visitor is offered
 * to sign in, as marketplaces do, since the offer is how a newcomer learns alerts exist; they come back to this list
 * and the search is saved then.
 */
export function SaveSearchButton({ place }: { place: BookListPlace }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { busy, run } = useWrite();
  const hintId = useId();
  const body = savedSearchBody(place);
  const key = JSON.stringify(body);
  const [savedKey, setSavedKey] = useState<string | null>(null);

  const save = () => void run(writes.saveSearch, body, { success: SEARCH_SAVED, onDone: () => setSavedKey(key) });

  // Once per history entry, and out of the URL at once, so Back or a reload does not save again.
  const resumed = useRef<string | null>(null);
  const resume = Boolean(user) && params.get(SAVE_AFTER_SIGN_IN) === '1';
  useEffect(() => {
    if (!resume || resumed.current === location.key) return;
    resumed.current = location.key;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SAVE_AFTER_SIGN_IN);
        return next;
      },
      { replace: true },
    );
    save();
  });

  if (loading) return null;
  let action;
  if (!user) {
    const back = new URLSearchParams(location.search);
    back.set(SAVE_AFTER_SIGN_IN, '1');
    action = (
      <Button
        variant="outlined"
        component={RouterLink}
        to={LOGIN_PATH}
        state={loginRedirectState({ ...location, search: `?${back.toString()}` })}
        aria-describedby={hintId}
      >
        Sign in to save this search
      </Button>
    );
  } else if (savedKey === key) {
    action = (
      <>
        <Typography>Search saved.</Typography>
        {/* A Button as the list's other links are: the storefront loads no other link component. */}
        <Button component={RouterLink} to={SAVED_SEARCHES_PATH}>
          Your saved searches
        </Button>
      </>
    );
  } else {
    action = (
      <Button variant="outlined" disabled={busy} onClick={save} aria-describedby={hintId}>
        Save this search
      </Button>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: 1, mb: 2 }}>
      {action}
      {savedKey !== key && (
        <Typography id={hintId} variant="body2" color="text.secondary">
          Get an email when a new book matches.
        </Typography>
      )}
    </Box>
  );
}
