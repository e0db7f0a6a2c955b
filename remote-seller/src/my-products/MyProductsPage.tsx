import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@bookswap/contract/routing';
import type { Product } from '@bookswap/shared/schemas';
import { BookCover, formatPrice } from '@bookswap/shared/ui';
import {
  ConfirmationModal,
  DELETE_PRODUCT_TITLE,
  deleteMessage,
  useConfirmedAction,
} from '@bookswap/shared/ui/confirmation';
import { type DataColumn, PagedTable } from '@bookswap/shared/ui/tables';
import { useMyProducts } from './use-my-products';
import { useProductActions } from './use-product-actions';

/** product.md §4: Add ADS is offered while the book is not advertised and not reported; a sold book cannot be advertised either. */
export const mayAdvertise = (product: Product) => !product.addADS && product.report === 'false' && !product.paid;

/** /dashboard/myproduct: the seller's listings with their state, Add ADS and Delete. */
export function MyProductsPage() {
  const myProducts = useMyProducts();
  const products = myProducts.data;
  const { busyWith, advertise, remove } = useProductActions();
  const heading = useRef<HTMLHeadingElement>(null);
  // The Delete button that opened the dialog goes with its row: the heading takes the focus once the dialog closes.
  const deleting = useConfirmedAction<Product>(heading);
  const toDelete = deleting.row;

  const confirmDelete = async () => {
    if (toDelete && (await remove(toDelete))) deleting.done();
  };

  const columns: DataColumn<Product>[] = [
    {
      header: 'Image',
      width: 72,
      cell: (product) => (
        <Box sx={{ width: 48 }}>
          <BookCover src={product.img} bookName={product.book_name} width={48} height={64} rounded />
        </Box>
      ),
    },
    { header: 'Name', cell: (product) => product.book_name },
    { header: 'Price', cell: (product) => formatPrice(product.resale_price) },
    { header: 'Sold Status', cell: (product) => (product.paid ? 'sold' : 'available') },
    {
      header: 'Add Ads',
      cell: (product) =>
        mayAdvertise(product) ? (
          <Button
            size="small"
            variant="contained"
            disabled={busyWith !== null}
            aria-label={`Add ADS for ${product.book_name}`}
            onClick={() => void advertise(product)}
          >
            Add ADS
          </Button>
        ) : (
          product.addADS && 'Advertised'
        ),
    },
    { header: 'Report', cell: (product) => (product.report === 'true' ? 'Reported' : '') },
    {
      header: 'Delete',
      cell: (product) => (
        <Button
          size="small"
          color="error"
          variant="outlined"
          disabled={busyWith !== null}
          aria-label={`Delete ${product.book_name}`}
          onClick={() => deleting.ask(product)}
        >
          Delete
        </Button>
      ),
    },
  ];

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <div>
          <Typography ref={heading} tabIndex={-1} variant="h4" component="h1" sx={{ outline: 'none' }}>
            My Product
          </Typography>
          {products && <Typography color="text.secondary">Total Product: {products.length}</Typography>}
        </div>
        <Button component={Link} to={ROUTES.addProduct.href()} variant="contained">
          Add Product
        </Button>
      </Stack>
      <PagedTable load={myProducts} what="Your products" label="My Product" columns={columns} empty="No Product" />
      {/* product.md §8's title; the message names the real book (the old app's blank name is a defect). */}
      <ConfirmationModal
        open={deleting.open}
        title={DELETE_PRODUCT_TITLE}
        message={deleteMessage(toDelete?.book_name)}
        busy={busyWith !== null}
        onConfirm={() => void confirmDelete()}
        onCancel={deleting.dismiss}
      />
    </Box>
  );
}
