import { heldBatches, settle } from '../testing/held-batches';
import { GroupedWrites } from './grouped-writes';

/** A database error as the driver reports it. */
function pgError(code: string): Error {
  return Object.assign(new Error(`failed with ${code}`), { code });
}

describe('writes grouped while one statement runs', () => {
  it('sends the writes that arrive during a statement together in the next, answering each its own output', async () => {
    const { run, batches: statements, finish } = heldBatches((inputs: number[]) => inputs.map((n) => `wrote ${n}`));
    const writes = new GroupedWrites<number, string>(run);
    const first = writes.write(1);
    const later = [writes.write(2), writes.write(3), writes.write(4)];
    expect(statements).toEqual([[1]]);
    finish(0);
    expect(await first).toBe('wrote 1');
    await settle();
    expect(statements).toEqual([[1], [2, 3, 4]]);
    finish(1);
    expect(await Promise.all(later)).toEqual(['wrote 2', 'wrote 3', 'wrote 4']);
  });

  it('sends a group that failed on one row’s data again one write at a time', async () => {
    const statements: number[][] = [];
    const writes = new GroupedWrites<number, number>(async (inputs) => {
      statements.push(inputs);
      if (inputs.includes(13)) throw pgError('23503');
      return inputs.map((n) => n * 10);
    });
    const blocker = writes.write(0);
    const group = [writes.write(12), writes.write(13), writes.write(14)].map((p) =>
      p.then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    await blocker;
    expect(await Promise.all(group)).toEqual([{ value: 120 }, { error: 'failed with 23503' }, { value: 140 }]);
    expect(statements).toEqual([[0], [12, 13, 14], [12], [13], [14]]);
  });

  it('gives every write of a group the error of a failure that is not about its data, and tries none again', async () => {
    const statements: number[][] = [];
    const writes = new GroupedWrites<number, number>(async (inputs) => {
      statements.push(inputs);
      if (inputs.length > 1) throw pgError('57P01');
      return inputs;
    });
    const blocker = writes.write(0);
    const group = [writes.write(1), writes.write(2)].map((p) => p.catch((error: Error) => error.message));
    await blocker;
    expect(await Promise.all(group)).toEqual(['failed with 57P01', 'failed with 57P01']);
    expect(statements).toEqual([[0], [1, 2]]);
  });

  it('sends at most maxGroup writes in one statement', async () => {
    const statements: number[][] = [];
    const writes = new GroupedWrites<number, number>(async (inputs) => {
      statements.push(inputs);
      return inputs;
    }, 2);
    await Promise.all([0, 1, 2, 3, 4].map((n) => writes.write(n)));
    expect(statements).toEqual([[0], [1, 2], [3, 4]]);
  });
});
