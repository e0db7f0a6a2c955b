import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@bookswap/contract/routing';
import type { MyProduct, Product } from '@bookswap/shared/schemas';
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

// The edit form (and the checks it shares with the server) loads on the first press of Edit, not with the list.
const EditProductDialog = lazy(async () => ({ default: (await import('./EditProductDialog')).EditProductDialog }));

/** A seller edits a listing until it is sold; one an admin hid stays as the admin judged it. */
export const mayEdit = (product: MyProduct) => !product.paid && !product.hidden;

/** product.md §2's sold status, or why the listing is out of view; "available" would mislead for a hidden one. */
const statusOf = (product: MyProduct) => (product.paid ? 'sold' : product.hidden ? 'Hidden by admin' : 'available');

/** product.md §2's Report column; for a hidden listing, the reasons people gave, which its seller may act on. */
const reportOf = (product: MyProduct) =>
  product.hidden && !product.paid
    ? `Reason: ${product.hiddenReasons.join(', ') || 'not given'}`
    : product.report === 'true'
      ? 'Reported'
      : '';

/** product.md §4: Add ADS is offered while the book is not advertised and not reported; a sold book cannot be advertised either. */
export const mayAdvertise = (product: Product) => !product.addADS && product.report === 'false' && !product.paid;

/** /dashboard/myproduct: the seller's listings with their state, Add ADS, Edit and Delete. */
export function MyProductsPage() {
  const myProducts = useMyProducts();
  const products = myProducts.data;
  const { busyWith, advertise, remove } = useProductActions();
  const heading = useRef<HTMLHeadingElement>(null);
  // The Delete button that opened the dialog goes with its row: the heading takes the focus once the dialog closes.
  const deleting = useConfirmedAction<MyProduct>(heading);
  const [editing, setEditing] = useState<MyProduct | null>(null);
  const toDelete = deleting.row;

  const confirmDelete = async () => {
    if (toDelete && (await remove(toDelete))) deleting.done();
  };

  const columns: DataColumn<MyProduct>[] = [
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
    { header: 'Sold Status', cell: statusOf },
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
    { header: 'Report', cell: reportOf },
    {
      header: 'Edit',
      cell: (product) =>
        mayEdit(product) && (
          <Button
            size="small"
            variant="outlined"
            disabled={busyWith !== null}
            aria-label={`Edit ${product.book_name}`}
            onClick={() => setEditing(product)}
          >
            Edit
          </Button>
        ),
    },
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
      {products?.length === 0 && (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Typography color="text.secondary">List a book, and buyers find it in the Book List.</Typography>
          <Button component={Link} to={ROUTES.addProduct.href()} variant="outlined">
            List your first book
          </Button>
        </Stack>
      )}
      {editing && (
        <Suspense fallback={null}>
          <EditProductDialog key={editing._id} product={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
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
