import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { bookingKeys, productKeys } from '../api';
import type { ApiWrite } from '../api/writes';
import { useWrite } from './use-write';

type WriteRunner = ReturnType<typeof useWrite>;

/** A screen showing two lists through SWR, counting its fetches. */
function Lists({ onFetch }: { onFetch: (name: string) => void }) {
  const fetcher = (key: readonly string[]) => {
    const name = key.join('/');
    onFetch(name);
    return Promise.resolve(name);
  };
  const products = useSWR(productKeys.advertised(), fetcher);
  const orders = useSWR(bookingKeys.mine('buyer@example.test'), fetcher);
  return (
    <p>
      {products.data} {orders.data}
    </p>
  );
}

/** useWrite rendered beside a screen of two lists, once both have loaded; `fetches` counts each list's fetches. */
async function writerBesideTwoLists() {
  const fetches: Record<string, number> = {};
  const cache = new Map();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>
      <Lists onFetch={(name) => (fetches[name] = (fetches[name] ?? 0) + 1)} />
      {children}
    </SWRConfig>
  );
  const { result } = renderHook(() => useWrite(), { wrapper });
  await screen.findByText('products/advertised bookings/mine/buyer@example.test');
  /** Runs a write as a screen would, resolving with whether it took. */
  const run: WriteRunner['run'] = async (...args) => {
    let took = false;
    await act(async () => {
      took = await result.current.run(...args);
    });
    return took;
  };
  return { run, fetches };
}

describe('useWrite', () => {
  it('after a write, exactly the lists it makes stale fetch again, and the person is told', async () => {
    const { run, fetches } = await writerBesideTwoLists();
    const advertise: ApiWrite<string, { acknowledged: boolean; modifiedCount: number }> = {
      send: async () => ({ acknowledged: true, modifiedCount: 1 }),
      stale: [productKeys.all],
      changed: (answer) => answer.modifiedCount,
    };
    expect(await run(advertise, 'p1', { success: 'add ads item successfully' })).toBe(true);
    await waitFor(() => expect(fetches['products/advertised']).toBe(2));
    expect(fetches['bookings/mine/buyer@example.test']).toBe(1);
  });

  it('a failed write still refreshes what it would have changed, and reports the failure', async () => {
    const { run, fetches } = await writerBesideTwoLists();
    const failing: ApiWrite<string, { acknowledged: boolean }> = {
      send: async () => {
        throw new Error('The server is down');
      },
      stale: [bookingKeys.all],
    };
    expect(await run(failing, 'b1', { success: 'Booked confirmed' })).toBe(false);
    await waitFor(() => expect(fetches['bookings/mine/buyer@example.test']).toBe(2));
    expect(fetches['products/advertised']).toBe(1);
  });
});
