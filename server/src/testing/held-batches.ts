/**
 * A batch function for the tests of db/next-batch.ts's users: it records each batch's inputs and answers a
 * batch (with `answer(inputs)`) only when the test calls `finish(i)`, so a test decides what arrives meanwhile.
 */
export function heldBatches<I, O>(answer: (inputs: I[]) => O) {
  const batches: I[][] = [];
  const finishers: (() => void)[] = [];
  const run = (inputs: I[]) =>
    new Promise<O>((resolve) => {
      batches.push(inputs);
      finishers.push(() => resolve(answer(inputs)));
    });
  return { run, batches, finish: (i: number) => finishers[i]!() };
}

/** Lets every pending promise callback and I/O callback run. */
export const settle = () => new Promise((resolve) => setImmediate(resolve));
