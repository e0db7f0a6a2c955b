import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { productKeys, writes, type ApiWrite } from '@bookswap/shared/api';
import { useAuth } from '@bookswap/contract/auth';
import type { MyProduct } from '@bookswap/shared/schemas';
import { useWrite } from '@bookswap/shared/ui';

/** product.md §8's success texts. */
export const ADVERTISED_MESSAGE = 'add ads item successfully';
export const DELETED_MESSAGE = 'Delete successfully';

/**
 * Add ADS and Delete on the seller's own listings, one at a time; each write refreshes what it changes (every
 * list that shows products), and the seller's own table shows the change at once, before the refetch answers.
 */
export function useProductActions() {
  const email = useAuth().user?.email ?? '';
  const { mutate } = useSWRConfig();
  const { run } = useWrite();
  // Which row's action runs, so that row alone shows it.
  const [busyWith, setBusyWith] = useState<string | null>(null);

  /** Runs one write for a listing; true when the server took it. */
  async function write<Result>(
    product: MyProduct,
    action: ApiWrite<string, Result>,
    success: string,
    alreadyDone: string,
  ) {
    setBusyWith(product._id);
    try {
      return await run(action, product._id, { success, alreadyDone });
    } finally {
      setBusyWith(null);
    }
  }

  /** Shows the change in the seller's table at once, before the refetch answers. */
  async function showAtOnce(change: (products: MyProduct[]) => MyProduct[]) {
    await mutate(productKeys.mine(email), (current: MyProduct[] | undefined) => current && change(current), {
      revalidate: false,
    });
  }

  return {
    /** The id of the listing a write is running for. */
    busyWith,
    async advertise(product: MyProduct) {
      const done = await write(
        product,
        writes.advertiseProduct,
        ADVERTISED_MESSAGE,
        `${product.book_name} is already advertised`,
      );
      if (done)
        await showAtOnce((products) =>
          products.map((item) => (item._id === product._id ? { ...item, addADS: true } : item)),
        );
      return done;
    },
    async remove(product: MyProduct) {
      const done = await write(
        product,
        writes.deleteProduct,
        DELETED_MESSAGE,
        `${product.book_name} was already deleted`,
      );
      if (done) await showAtOnce((products) => products.filter((item) => item._id !== product._id));
      return done;
    },
  };
}
