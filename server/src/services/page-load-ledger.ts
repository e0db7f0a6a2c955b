import type { TelemetryChannel, TelemetryUnit } from '@bookswap/shared/schemas';

/** The release one page load used of one unit, and whether it has failed yet. */
export interface LedgerPageLoad {
  version: string;
  channel: TelemetryChannel;
  route: string;
  failed: boolean;
  /** Whether how the server answered its page was counted yet. */
  renderCounted?: boolean;
}

/**
 * Page loads at most that are remembered: at 5,000 reports a second, the last several minutes of page loads, which
 * is when their errors arrive (the shell sends every 10 s and as the page is hidden). Older ones are forgotten
 * first; an error of a forgotten page load is not counted.
 */
const REMEMBERED = 100_000;

/**
 * The page loads this instance counted, by the shell's page-load id (docs/decisions/026): a page counts once
 * however many load reports or errors it sends, and an error counts only for a page load counted before it.
 */
export class PageLoadLedger {
  private readonly loads = new Map<string, LedgerPageLoad>();

  /** Notes a page load; false when it was already counted (a repeat), so it must not count again. */
  noteLoad(id: string, unit: TelemetryUnit, load: LedgerPageLoad): boolean {
    const key = `${id}\n${unit}`;
    if (this.loads.has(key)) return false;
    this.loads.set(key, load);
    if (this.loads.size > REMEMBERED) this.loads.delete(this.loads.keys().next().value as string);
    return true;
  }

  /**
   * The page load an error belongs to, the first time it fails after loading; null for an error of an unknown
   * page load or of one already counted as failed.
   */
  failOnce(id: string, unit: TelemetryUnit): LedgerPageLoad | null {
    const load = this.loads.get(`${id}\n${unit}`);
    if (!load || load.failed) return null;
    load.failed = true;
    return load;
  }

  /** The page load a server-render report belongs to, the first time; null for an unknown page load or a repeat. */
  renderOnce(id: string, unit: TelemetryUnit): LedgerPageLoad | null {
    const load = this.loads.get(`${id}\n${unit}`);
    if (!load || load.renderCounted) return null;
    load.renderCounted = true;
    return load;
  }
}
