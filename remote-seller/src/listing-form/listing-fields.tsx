import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { BOOK_CONDITIONS, resaleAboveOriginal } from '@bookswap/shared/catalog-rules';
import type { EditProductForm } from '@bookswap/shared/schemas';
import { FormTextField } from '@bookswap/shared/ui/form-fields';

/** The fields Add Product and the edit dialog both have (the editable ones). */
export type ListingFieldName = Exclude<keyof EditProductForm, 'img'>;

export type ListingField = (name: ListingFieldName) => {
  registration: UseFormRegisterReturn;
  fieldError?: FieldError | undefined;
};

interface ListingFieldsProps {
  field: ListingField;
  /** The prices as typed now, for the warning. */
  prices: { original: string; resale: string };
  /**
   * Add Product's category, after the author; a function, so its field registers in the order it shows.
   */
  afterAuthor?: () => ReactNode;
  /** Add Product's years of use, after the prices; rendered here for the same reason. */
  afterPrices?: () => ReactNode;
}

export const RESALE_ABOVE_ORIGINAL_WARNING =
  'The resale price is above the original price. You can still list it, but buyers may find it too high.';

/**
 * The book's name, author, condition, prices, location and phone, laid out for a two-column grid, with a warning
 * (never a refusal) when the resale price is above the original price. Called inside the form's own render rather
 * than rendered as a component, so these fields register before the form's later ones (description, image):
 * react-hook-form focuses the first wrong field in the order they registered.
 */
export function listingFields({ field, prices, afterAuthor, afterPrices }: ListingFieldsProps): ReactNode {
  return (
    <>
      <FormTextField label="Book Name" required {...field('book_name')} />
      <FormTextField label="Author Name" required {...field('author_name')} />
      {afterAuthor?.()}
      <FormTextField
        select
        label="Condition"
        required
        // Native selects: keyboard and phone friendly, and plain inputs for react-hook-form.
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        {...field('book_condition')}
      >
        <option value="">Choose a condition</option>
        {BOOK_CONDITIONS.map((condition) => (
          <option key={condition} value={condition}>
            {condition}
          </option>
        ))}
      </FormTextField>
      <FormTextField
        label="Original Price"
        required
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        {...field('original_price')}
      />
      <FormTextField
        label="Resale Price"
        required
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        {...field('resale_price')}
      />
      {resaleAboveOriginal(prices.original, prices.resale) && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Alert severity="warning" role="status">
            {RESALE_ABOVE_ORIGINAL_WARNING}
          </Alert>
        </Box>
      )}
      {afterPrices?.()}
      <FormTextField label="Location" required {...field('location')} />
      <FormTextField label="Mobile No" type="tel" autoComplete="tel" {...field('phone')} />
    </>
  );
}
