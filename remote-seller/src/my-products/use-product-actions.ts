import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { advertiseProduct, deleteProduct, productKeys } from '@bookswap/shared/api';
import { useAuth } from '@bookswap/shared/auth';
import type { Product } from '@bookswap/shared/schemas';
import { useCountedWrite } from '@bookswap/shared/ui';

/** product.md §8's success texts. */
export const ADVERTISED_MESSAGE = 'add ads item successfully';
export const DELETED_MESSAGE = 'Delete successfully';

/**
 * Add ADS and Delete on the seller's own listings, one at a time. Every list that shows products (the
 * book list, categories, the home page's ads, details) is refreshed after a change.
 */
export function useProductActions() {
  const email = useAuth().user?.email ?? '';
  const { mutate } = useSWRConfig();
  const { run } = useCountedWrite();
  const [busyWith, setBusyWith] = useState<string | null>(null);

  /** Runs one write for a listing (every product list is refetched after it); true when the server took it. */
  async function write(product: Product, send: () => Promise<number>, success: string, alreadyDone: string) {
    setBusyWith(product._id);
    try {
      return await run({ send, success, alreadyDone, stale: [productKeys.all] });
    } finally {
      setBusyWith(null);
    }
  }

  /** Shows the change in the seller's table at once, before the refetch answers. */
  async function showAtOnce(change: (products: Product[]) => Product[]) {
    await mutate(productKeys.mine(email), (current: Product[] | undefined) => current && change(current), {
      revalidate: false,
    });
  }

  return {
    /** The id of the listing a write is running for. */
    busyWith,
    async advertise(product: Product) {
      const done = await write(
        product,
        async () => (await advertiseProduct(product._id)).modifiedCount,
        ADVERTISED_MESSAGE,
        `${product.book_name} is already advertised`,
      );
      if (done)
        await showAtOnce((products) =>
          products.map((item) => (item._id === product._id ? { ...item, addADS: true } : item)),
        );
      return done;
    },
    async remove(product: Product) {
      const done = await write(
        product,
        async () => (await deleteProduct(product._id)).deletedCount,
        DELETED_MESSAGE,
        `${product.book_name} was already deleted`,
      );
      if (done) await showAtOnce((products) => products.filter((item) => item._id !== product._id));
      return done;
    },
  };
}
