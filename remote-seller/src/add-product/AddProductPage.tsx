import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { ApiError, writes } from '@bookswap/shared/api';
import { ROUTES } from '@bookswap/contract/routing';
import { CATEGORY_CHOICES } from '@bookswap/shared/catalog-rules';
import type { AddProductForm } from '@bookswap/shared/schemas';
import { notifyError, notifySuccess, useInvalidate } from '@bookswap/shared/ui';
import { FormTextField } from '@bookswap/shared/ui/form-fields';
import { ImageField } from '../listing-form/ImageField';
import { listingFields } from '../listing-form/listing-fields';
import { useCoverUpload } from '../listing-form/upload-image';
import { emptyAddProductForm, useAddProductForm } from './add-product-form';

/** product.md §2's success text. */
export const PRODUCT_ADDED_MESSAGE = 'Add product successfully';

const isFormField = (name: string): name is keyof AddProductForm => name in emptyAddProductForm;

/**
 * /dashboard/addproduct: product.md §5's form. The cover is uploaded as soon as it is picked; the listing is
 * created with its URL, and the seller's name, email and verified tick come from their record on the server.
 */
export function AddProductPage() {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = useAddProductForm();
  const image = useCoverUpload({ setValue, clearErrors });
  const uploading = image.state.status === 'uploading';

  const onSubmit = handleSubmit(async (product) => {
    try {
      const answer = await writes.createProduct.send(product);
      if (!answer.acknowledged) throw new Error('The server did not take the book. Please try again.');
      notifySuccess(PRODUCT_ADDED_MESSAGE);
      // What the write makes stale (every product list now has the new book); its own field errors need the answer.
      await invalidate(writes.createProduct);
      navigate(ROUTES.myProducts.href());
    } catch (error) {
      // A refusal that names a field is shown under that field as well.
      if (error instanceof ApiError && error.field && isFormField(error.field))
        setError(error.field, { message: error.message });
      notifyError(error);
    }
  });

  const field = (name: keyof AddProductForm) => ({ registration: register(name), fieldError: errors[name] });

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Add Product
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          aria-label="Add Product"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {listingFields({
            field,
            prices: { original: watch('original_price'), resale: watch('resale_price') },
            afterAuthor: () => (
              <FormTextField
                select
                label="Category"
                required
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                {...field('category_id')}
              >
                <option value="">Choose a category</option>
                {CATEGORY_CHOICES.map((category) => (
                  <option key={category.category_id} value={category.category_id}>
                    {category.category_name}
                  </option>
                ))}
              </FormTextField>
            ),
            afterPrices: () => (
              <FormTextField
                label="Year of use"
                required
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                {...field('Year_of_use')}
              />
            ),
          })}
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FormTextField label="Description" multiline minRows={3} {...field('description')} />
          </Box>
          <ImageField
            upload={image}
            formError={errors.img?.message}
            buttonRef={register('img').ref}
            disabled={isSubmitting}
          />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting || uploading}>
              {isSubmitting ? 'Adding…' : 'Add Product'}
            </Button>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
