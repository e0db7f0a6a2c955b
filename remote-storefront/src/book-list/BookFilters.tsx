import { useId, useState, type SyntheticEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  BOOK_CONDITIONS,
  BOOK_SORT_LABELS,
  BOOK_SORTS,
  CATEGORY_CHOICES,
  isBookSort,
  priceFilterCents,
} from '@bookswap/shared/catalog-rules';
import type { BookFacets } from '@bookswap/shared/schemas';
import { formatCount } from '@bookswap/shared/ui';
import { isNarrowed, NO_FILTERS, type BookFilterChoice } from './book-list-query';

interface BookFiltersProps {
  choice: BookFilterChoice;
  /** The counts of the last answer; absent until one arrives. */
  facets: BookFacets | undefined;
  /** The category page's category is its path's: no category choice there. */
  withCategories: boolean;
  onChange(next: BookFilterChoice): void;
  /** How many books the chosen filters find, once known: the phone's "Show N results" says it. */
  count?: number;
  /** The phone's open panel was closed by "Show N results": the list takes over. */
  onShowResults?(): void;
  /** The list's other query values (its search, page size), which the panel's form sends along without scripts. */
  carried?: [name: string, value: string][];
}

/** "Show 12 results", or without a number while the count for the latest choice is on its way. */
function showResultsLabel(count: number | undefined): string {
  if (count === undefined) return 'Show results';
  return `Show ${formatCount(count)} ${count === 1 ? 'result' : 'results'}`;
}

/**
 * A choice's label with its count in a slot of fixed width, reserved before the first answer brings the counts: the
 * filters render at once, and counts arriving later must not widen them and push the list down (CLS).
 */
function withCount(label: string, count: number | undefined) {
  return (
    <>
      {label}{' '}
      <Box component="span" sx={{ display: 'inline-block', minWidth: '8ch', fontVariantNumeric: 'tabular-nums' }}>
        {count === undefined ? '' : `(${formatCount(count)})`}
      </Box>
    </>
  );
}

function toggled<T extends string>(values: readonly T[], value: T, on: boolean): T[] {
  return on ? [...values, value].sort() : values.filter((v) => v !== value);
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  /** The query parameter a checked choice is sent as when the panel's form is sent without scripts. */
  name: string;
  options: readonly { value: T; label: string; count: number | undefined }[];
  chosen: readonly T[];
  onChosen(next: T[]): void;
}

function ChoiceGroup<T extends string>({ legend, name, options, chosen, onChosen }: ChoiceGroupProps<T>) {
  return (
    <FormControl component="fieldset" size="small">
      <FormLabel component="legend">{legend}</FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {options.map(({ value, label, count }) => (
          <FormControlLabel
            key={value}
            label={withCount(label, count)}
            control={
              <Checkbox
                size="small"
                name={name}
                value={value}
                checked={chosen.includes(value)}
                onChange={(event) => onChosen(toggled(chosen, value, event.target.checked))}
              />
            }
          />
        ))}
      </Box>
    </FormControl>
  );
}

/**
 * The price range, applied on Enter or Apply (not at each key); a range the list would refuse says why. Without
 * scripts, Apply sends the panel's form: every filter as the list's query.
 */
function PriceRange({ choice, onChange }: { choice: BookFilterChoice; onChange(next: BookFilterChoice): void }) {
  const [min, setMin] = useState(choice.minPrice);
  const [max, setMax] = useState(choice.maxPrice);
  const ids = useId();
  const minCents = min.trim() ? priceFilterCents(min) : undefined;
  const maxCents = max.trim() ? priceFilterCents(max) : undefined;
  const problem =
    minCents === null || maxCents === null
      ? 'Enter prices such as 5 or 12.50'
      : minCents !== undefined && maxCents !== undefined && minCents > maxCents
        ? 'The lowest price is above the highest'
        : '';
  const apply = (event: SyntheticEvent) => {
    event.preventDefault();
    if (problem) return;
    const minPrice = min.trim();
    const maxPrice = max.trim();
    if (minPrice !== choice.minPrice || maxPrice !== choice.maxPrice) onChange({ ...choice, minPrice, maxPrice });
  };
  return (
    <Box role="group" aria-label="Price">
      {/* A fieldset of its own, not a FormControl: that holds one input only. */}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend" error={problem !== ''}>
          Price ($)
        </FormLabel>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          {(
            [
              ['min', 'Lowest price', min, setMin],
              ['max', 'Highest price', max, setMax],
            ] as const
          ).map(([which, label, value, setValue]) => (
            <OutlinedInput
              key={which}
              size="small"
              value={value}
              placeholder={which === 'min' ? 'Min' : 'Max'}
              error={problem !== ''}
              onChange={(event) => setValue(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && apply(event)}
              inputProps={{
                name: which === 'min' ? 'minPrice' : 'maxPrice',
                'aria-label': label,
                inputMode: 'decimal',
                'aria-describedby': problem ? `${ids}-problem` : undefined,
              }}
              sx={{ width: 96 }}
            />
          ))}
          <Button type="submit" size="small" variant="outlined" onClick={apply}>
            Apply
          </Button>
        </Stack>
        {problem && (
          <FormHelperText error id={`${ids}-problem`}>
            {problem}
          </FormHelperText>
        )}
      </Box>
    </Box>
  );
}

/** The controls themselves: rendered only where they show (a phone renders them once the panel opens). */
function FilterControls({ choice, facets, withCategories, onChange, panelId }: BookFiltersProps & { panelId: string }) {
  const narrowed = isNarrowed(choice);
  return (
    <>
      {withCategories && (
        <ChoiceGroup
          legend="Category"
          name="category"
          options={CATEGORY_CHOICES.map((c) => ({
            value: c.category_id as string,
            label: c.category_name,
            count: facets?.category[c.category_id],
          }))}
          chosen={choice.category}
          onChosen={(category) => onChange({ ...choice, category })}
        />
      )}
      <ChoiceGroup
        legend="Condition"
        name="condition"
        options={BOOK_CONDITIONS.map((value) => ({ value, label: value, count: facets?.condition[value] }))}
        chosen={choice.condition}
        onChosen={(condition) => onChange({ ...choice, condition })}
      />
      {/* Keyed by the URL's bounds so Back, or Clear filters, shows them. */}
      <PriceRange key={`${choice.minPrice} ${choice.maxPrice}`} choice={choice} onChange={onChange} />
      <FormControl component="fieldset" size="small">
        <FormLabel component="legend">Seller</FormLabel>
        <FormControlLabel
          label="Verified sellers only"
          control={
            <Checkbox
              size="small"
              name="verified"
              value="1"
              checked={choice.verified}
              onChange={(event) => onChange({ ...choice, verified: event.target.checked })}
            />
          }
        />
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 180, mt: 1 }}>
        <InputLabel shrink htmlFor={`${panelId}-sort`}>
          Sort by
        </InputLabel>
        <NativeSelect
          value={choice.sort}
          onChange={(event) => {
            if (isBookSort(event.target.value)) onChange({ ...choice, sort: event.target.value });
          }}
          input={<OutlinedInput notched label="Sort by" />}
          inputProps={{ id: `${panelId}-sort`, name: 'sort' }}
        >
          {BOOK_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {BOOK_SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
      {narrowed && (
        <Button sx={{ mt: 1 }} onClick={() => onChange({ ...NO_FILTERS, sort: choice.sort })}>
          Clear filters
        </Button>
      )}
    </>
  );
}

/**
 * The book list's filters and order, showing what the URL says; each change goes to the URL through
 * `onChange`. At phone width they fold behind a "Filters" button (a disclosure: the button says whether it is open),
 * and a folded panel renders nothing: its controls weigh on the phone's first screen only once asked for.
 */
export function BookFilters(props: BookFiltersProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const onPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const shown = open || !onPhone;
  return (
    <Box sx={{ mb: 3 }}>
      <Button
        variant="outlined"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        sx={{ display: { xs: 'inline-flex', sm: 'none' }, mb: 1 }}
      >
        Filters{isNarrowed(props.choice) ? ' (on)' : ''}
      </Button>
      {/* A GET form for pages without scripts (a crawler's, or before the page's script has run); with scripts each
          control applies itself. */}
      <Box
        component="form"
        method="get"
        onSubmit={(event: SyntheticEvent) => event.preventDefault()}
        id={panelId}
        role="group"
        aria-label="Filters"
        sx={{
          display: { xs: open ? 'flex' : 'none', sm: 'flex' },
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
        }}
      >
        {props.carried?.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {shown && <FilterControls {...props} panelId={panelId} />}
        {/* On a phone the open panel fills the screen: one press closes it onto the list it narrowed. */}
        {onPhone && open && (
          <Button
            variant="contained"
            fullWidth
            onClick={() => {
              setOpen(false);
              props.onShowResults?.();
            }}
          >
            {showResultsLabel(props.count)}
          </Button>
        )}
      </Box>
    </Box>
  );
}
