/** One call waiting in a NextBatch: its input and how to answer it. */
export interface Waiting<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/**
 * Calls that arrive while a batch runs wait and then run together as the next batch (at most `maxBatch`), one
 * batch at a time: under load a few statements carry what would have been hundreds. `runBatch` answers each
 * waiting call; if it throws, every call it left unanswered gets that error. The mechanism behind the shared
 * fresh reads (fresh-reads.ts) and the rate-limit counts (services/rate-limit-counts.ts).
 */
export class NextBatch<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private running = false;

  constructor(
    private readonly runBatch: (batch: Waiting<I, O>[]) => Promise<void>,
    private readonly maxBatch: number,
  ) {}

  add(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.running) this.runWaiting();
    });
  }

  private runWaiting(): void {
    const batch = this.waiting.splice(0, this.maxBatch);
    this.running = true;
    // Started at once (the first call of a quiet moment waits for nothing); a throw becomes the batch's failure.
    let run: Promise<void>;
    try {
      run = this.runBatch(batch);
    } catch (error) {
      run = Promise.reject(error);
    }
    // A promise settles once: the rejection reaches only the calls runBatch had not answered.
    run
      .catch((error: unknown) => {
        for (const w of batch) w.reject(error);
      })
      .finally(() => {
        this.running = false;
        if (this.waiting.length > 0) this.runWaiting();
      });
  }
}
