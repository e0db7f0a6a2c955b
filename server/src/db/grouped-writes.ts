/**
 * Writes of one kind sent together: while one group is written, the writes asked for meanwhile wait and then go
 * in the next group, all of them at once (at most `maxGroup`). `writeMany` writes a group in one statement or one
 * transaction, so each caller still waits for its own row to be committed and gets its own outcome: under load a
 * few statements, and a few commits, carry what would have been hundreds.
 *
 * A group is written all or nothing, so one bad write would fail the others: a group that fails on a row's data
 * (SQLSTATE class 22 or 23: a bad value, a broken constraint or foreign key) is sent again one write at a time,
 * and each caller gets exactly the answer its write alone gets. Any other failure (the connection, the server) is
 * every caller's answer: nothing of a failed group was committed, and retrying it would only repeat the failure.
 */
import { NextBatch, type Waiting } from './next-batch';
import { failedOnData } from './pg-error';

export class GroupedWrites<I, O> {
  private readonly writes: NextBatch<I, O>;

  /** `writeMany` answers one output per input, in order. */
  constructor(
    private readonly writeMany: (inputs: I[]) => Promise<O[]>,
    maxGroup = 500,
  ) {
    this.writes = new NextBatch((group) => this.send(group), maxGroup);
  }

  write(input: I): Promise<O> {
    return this.writes.add(input);
  }

  private async send(group: Waiting<I, O>[]): Promise<void> {
    try {
      const outputs = await this.writeMany(group.map((w) => w.input));
      group.forEach((w, i) => w.resolve(outputs[i]!));
    } catch (error) {
      if (group.length === 1 || !failedOnData(error)) throw error;
      // Each on its own, one after the other, so that one bad write cannot fail the others.
      for (const w of group) {
        try {
          const [output] = await this.writeMany([w.input]);
          w.resolve(output!);
        } catch (alone) {
          w.reject(alone);
        }
      }
    }
  }
}
