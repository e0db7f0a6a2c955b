import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { writes } from '@bookswap/shared/api';
import type { MyProduct } from '@bookswap/shared/schemas';
import { useWrite } from '@bookswap/shared/ui';
import { ImageField } from '../listing-form/ImageField';
import { listingFields, type ListingFieldName } from '../listing-form/listing-fields';
import { useCoverUpload } from '../listing-form/upload-image';
import { useEditProductForm } from './edit-product-form';

export const PRODUCT_EDITED_MESSAGE = 'Product updated successfully';

interface EditProductDialogProps {
  product: MyProduct;
  onClose(): void;
}

/**
 * Edit on My Product: Add Product's fields for what a seller may change, prefilled with the listing. A
 * dialog rather than a screen, so the route table stays as it is. The server refuses a sold or hidden listing too.
 */
export function EditProductDialog({ product, onClose }: EditProductDialogProps) {
  const titleId = useId();
  const { busy, run } = useWrite();
  const {
    register,
    handleSubmit,
    setValue,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = useEditProductForm(product);
  const image = useCoverUpload({ setValue, clearErrors }, { url: product.img, bookName: product.book_name });
  const working = busy || isSubmitting || image.state.status === 'uploading';

  const onSubmit = handleSubmit(async (form) => {
    await run(
      writes.editProduct,
      { id: product._id, product: form },
      { success: PRODUCT_EDITED_MESSAGE, onDone: onClose },
    );
  });

  const field = (name: ListingFieldName) => ({ registration: register(name), fieldError: errors[name] });

  return (
    <Dialog open onClose={working ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Edit {product.book_name}</DialogTitle>
      <Box
        component="form"
        noValidate
        aria-label={`Edit ${product.book_name}`}
        onSubmit={(event) => void onSubmit(event)}
      >
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {listingFields({ field, prices: { original: watch('original_price'), resale: watch('resale_price') } })}
          <ImageField
            upload={image}
            formError={errors.img?.message}
            buttonRef={register('img').ref}
            disabled={working}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={working}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={working}>
            {isSubmitting ? 'Saving…' : 'Save changes'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
