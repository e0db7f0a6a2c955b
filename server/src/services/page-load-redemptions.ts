import type { RemoteLoadOutcome, ServerRenderOutcome, TelemetryChannel, TelemetryUnit } from '@bookswap/shared/schemas';
import type { Queryable } from '../db/database';
import {
  addressClaimKey,
  claimForAddresses,
  markFailures,
  markRendered,
  redeemTickets,
  spendTickets,
  type AddressClaim,
  type TicketRelease,
} from '../repositories/page-load-tickets-repository';

/** The release a counted report adds to, under the minute it arrived in. */
export interface CountedRelease {
  minute: string;
  remote: TelemetryUnit;
  version: string;
  channel: TelemetryChannel;
  route: string;
}

/** Where redeemed reports are added: the tally's rows of the flush. */
export interface RedemptionCounts {
  load(release: CountedRelease, outcome: RemoteLoadOutcome): void;
  error(release: CountedRelease): void;
  render(release: CountedRelease, outcome: ServerRenderOutcome): void;
  /** A page load over its address's share: counted with the reports no release answers for. */
  unknown(minute: string, remote: TelemetryUnit): void;
}

/** Who sent a report: a keyed hash of the client address, and the window its unit's share is counted in. */
export interface Claimant {
  address: string;
  windowStart: string;
}

interface PendingLoad {
  release: CountedRelease;
  ticket: string;
  outcome: RemoteLoadOutcome;
  expiresAt: string;
  claimant: Claimant;
}

interface PendingMark {
  ticket: string;
  /** The ticket's expiry, part of its row's key. */
  expiresAt: string;
  remote: TelemetryUnit;
  minute: string;
  /** A caught error (null), or how the shell's server answered the page. */
  render: ServerRenderOutcome | null;
  claimant: Claimant;
}

export interface AddressShares {
  pageLoadsPerAddress: number;
  errorsPerAddress: number;
}

/** Reports waiting at most for one write; past it, new ones are dropped (an instance's memory stays bounded). */
const MAX_PENDING = 100_000;

const keyOf = (ticket: string, unit: string) => `${ticket}\n${unit}`;

/** The reports of one flush, taken away so that new ones wait for the next (and given back if the write fails). */
export interface PendingRedemptions {
  loads: Map<string, PendingLoad>;
  failures: Map<string, PendingMark>;
  renders: Map<string, PendingMark>;
}

const nonePending = (): PendingRedemptions => ({ loads: new Map(), failures: new Map(), renders: new Map() });

/**
 * The page loads with a valid ticket that one instance received since its last write (docs/decisions/042), redeemed
 * in the write's transaction: a load counts when its ticket was not redeemed for its unit before, on any instance,
 * and its address has not used up its share of the unit's window; a later error or failed server render of it counts
 * once, against the release its load named, again within the address's share. Redeeming in the write keeps the
 * telemetry call free of the database and costs a few statements a second per instance. It replaces decision 026's
 * PageLoadLedger, whose ids the browser chose and whose memory was one instance's.
 */
export class PageLoadRedemptions {
  private pending = nonePending();
  /** Reports dropped since start because too many were waiting. */
  dropped = 0;

  constructor(private readonly shares: AddressShares) {}

  get size(): number {
    return this.pending.loads.size + this.pending.failures.size + this.pending.renders.size;
  }

  private roomFor(): boolean {
    if (this.size < MAX_PENDING) return true;
    this.dropped++;
    return false;
  }

  noteLoad(load: PendingLoad): void {
    const key = keyOf(load.ticket, load.release.remote);
    if (this.pending.loads.has(key) || !this.roomFor()) return;
    this.pending.loads.set(key, load);
  }

  /** A caught error, or a server render (failed ones are the page load's failure). */
  noteMark(mark: PendingMark): void {
    const key = keyOf(mark.ticket, mark.remote);
    const marks = mark.render === null || mark.render === 'failed' ? this.pending.failures : this.pending.renders;
    if (marks.has(key) || !this.roomFor()) return;
    marks.set(key, mark);
  }

  take(): PendingRedemptions {
    const taken = this.pending;
    this.pending = nonePending();
    return taken;
  }

  /** A write that failed: its reports wait for the next one (newer reports of the same page loads go first). */
  giveBack(taken: PendingRedemptions): void {
    for (const kind of ['loads', 'failures', 'renders'] as const)
      for (const [key, value] of taken[kind])
        if (!this.pending[kind].has(key) && this.size < MAX_PENDING)
          (this.pending[kind] as Map<string, unknown>).set(key, value);
  }

  /**
   * Redeems `taken` in `tx` and adds what counts to `counts`. The ticket rows are written first and the addresses'
   * shares claimed after, in one statement, so that two instances never hold one's row while waiting for the other's.
   */
  async redeem(tx: Queryable, taken: PendingRedemptions, counts: RedemptionCounts): Promise<void> {
    const loads = [...taken.loads.values()];
    const redeemed = await redeemTickets(
      tx,
      loads.map((load) => ({
        ticket: load.ticket,
        unit: load.release.remote,
        version: load.release.version,
        channel: load.release.channel,
        route: load.release.route,
        failed: load.outcome !== 'loaded',
        rendered: false,
        expiresAt: load.expiresAt,
      })),
    );
    const failed = marksOf(
      await markFailures(
        tx,
        [...taken.failures.values()].map((mark) => ({
          ticket: mark.ticket,
          unit: mark.remote,
          expiresAt: mark.expiresAt,
          render: mark.render !== null,
        })),
      ),
      taken.failures,
    );
    const rendered = marksOf(
      await markRendered(
        tx,
        [...taken.renders.values()].map((mark) => ({
          ticket: mark.ticket,
          unit: mark.remote,
          expiresAt: mark.expiresAt,
        })),
      ),
      taken.renders,
    );
    // Every load claims its address's share, a replayed ticket too: an address that floods spends only its own.
    const within = await this.claim(tx, [
      ...loads.map((load) => ({ claimant: load.claimant, unit: load.release.remote, pageLoads: 1, errors: 0 })),
      ...failed.map(({ mark }) => ({ claimant: mark.claimant, unit: mark.remote, pageLoads: 0, errors: 1 })),
    ]);
    const overShare = new Map<string, { ticket: string; unit: string; expiresAt: string }>();
    for (const load of loads) {
      const key = keyOf(load.ticket, load.release.remote);
      const inShare = within(load.claimant, load.release.remote, 'pageLoads');
      if (!redeemed.has(key)) continue;
      if (inShare) counts.load(load.release, load.outcome);
      else {
        overShare.set(key, { ticket: load.ticket, unit: load.release.remote, expiresAt: load.expiresAt });
        counts.unknown(load.release.minute, load.release.remote);
      }
    }
    // Over its address's share, the ticket is spent: nothing of that page load counts later.
    await spendTickets(tx, [...overShare.values()]);
    for (const { mark, release } of failed) {
      const inShare = within(mark.claimant, mark.remote, 'errors');
      if (!inShare || overShare.has(keyOf(mark.ticket, mark.remote))) continue;
      const counted = { minute: mark.minute, remote: mark.remote, ...release };
      if (mark.render) counts.render(counted, mark.render);
      else counts.error(counted);
    }
    for (const { mark, release } of rendered) {
      if (overShare.has(keyOf(mark.ticket, mark.remote))) continue;
      counts.render({ minute: mark.minute, remote: mark.remote, ...release }, mark.render ?? 'rendered');
    }
  }

  /**
   * Adds the claims to each address's window and answers, claim by claim in the order asked, whether it fell
   * within the address's share.
   */
  private async claim(
    tx: Queryable,
    claims: { claimant: Claimant; unit: TelemetryUnit; pageLoads: number; errors: number }[],
  ): Promise<(claimant: Claimant, unit: TelemetryUnit, kind: 'pageLoads' | 'errors') => boolean> {
    const summed = new Map<string, AddressClaim>();
    for (const { claimant, unit, pageLoads, errors } of claims) {
      const claim: AddressClaim = { unit, ...claimant, pageLoads, errors };
      const key = addressClaimKey(claim);
      const same = summed.get(key);
      if (same) {
        same.pageLoads += pageLoads;
        same.errors += errors;
      } else summed.set(key, claim);
    }
    const before = await claimForAddresses(tx, [...summed.values()]);
    const used = new Map<string, number>();
    const limit = { pageLoads: this.shares.pageLoadsPerAddress, errors: this.shares.errorsPerAddress };
    return (claimant, unit, kind) => {
      const key = addressClaimKey({ unit, ...claimant });
      const place = (before.get(key)?.[kind] ?? Infinity) + (used.get(`${kind}\n${key}`) ?? 0);
      used.set(`${kind}\n${key}`, (used.get(`${kind}\n${key}`) ?? 0) + 1);
      return place < limit[kind];
    };
  }
}

/** The marks the database marked now, each with the release facts of its page load's ticket. */
function marksOf(marked: TicketRelease[], marks: Map<string, PendingMark>) {
  return marked.flatMap((row) => {
    const mark = marks.get(keyOf(row.ticket, row.unit));
    if (!mark) return [];
    const release = { version: row.version, channel: row.channel as TelemetryChannel, route: row.route };
    return [{ mark, release }];
  });
}
