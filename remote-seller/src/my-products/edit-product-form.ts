import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { editProductFormSchema, type EditProductForm, type Product } from '@bookswap/shared/schemas';

/** The listing as it reads now: the edit form starts from it. */
export const editFormOf = (product: Product & { phone: string }): EditProductForm => ({
  book_name: product.book_name,
  author_name: product.author_name,
  book_condition: product.book_condition,
  original_price: product.original_price,
  resale_price: product.resale_price,
  location: product.location,
  phone: product.phone,
  img: product.img,
});

/** The edit dialog's form, checked with shared's `editProductFormSchema` (Add Product's rules for these fields). */
export function useEditProductForm(product: Product & { phone: string }) {
  return useForm({ resolver: zodResolver(editProductFormSchema), defaultValues: editFormOf(product) });
}
