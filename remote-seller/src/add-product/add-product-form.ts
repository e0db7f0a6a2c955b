import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { addProductFormSchema, type AddProductForm } from '@bookswap/shared/schemas';

/** Nothing chosen yet: the seller picks the category and condition, so none is listed under a wrong one by default. */
export const emptyAddProductForm: AddProductForm = {
  book_name: '',
  author_name: '',
  category_id: '',
  book_condition: '',
  original_price: '',
  resale_price: '',
  Year_of_use: '',
  location: '',
  img: '',
  description: '',
  phone: '',
};

/** The form state, checked with shared's `addProductFormSchema` (the server's create rules with product.md §5's messages). */
export function useAddProductForm() {
  return useForm({ resolver: zodResolver(addProductFormSchema), defaultValues: emptyAddProductForm });
}
