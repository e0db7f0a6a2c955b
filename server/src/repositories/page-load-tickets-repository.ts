import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';

/** Page-load tickets redeemed, and what each address claimed per window (migration 0026, decision 042). */

export interface RedeemedLoad {
  ticket: string;
  unit: string;
  version: string;
  channel: string;
  route: string;
  /** The load itself failed: no error of it counts later. */
  failed: boolean;
  rendered: boolean;
  expiresAt: string;
}

export interface TicketRelease {
  ticket: string;
  unit: string;
  version: string;
  channel: string;
  route: string;
}

type Rows<Row> = { rows: Row[] };
const keyOf = (ticket: string, unit: string) => `${ticket}\n${unit}`;

/**
 * Inserts each load's ticket row unless that ticket was redeemed for the unit before (here or on another instance);
 * answers the (ticket, unit) keys inserted now: the loads that count. Rows go in key order, so instances never deadlock.
 */
export async function redeemTickets(db: Queryable, loads: RedeemedLoad[]): Promise<Set<string>> {
  if (loads.length === 0) return new Set();
  const result = (await db.execute(sql`
    INSERT INTO page_load_tickets (ticket, unit, version, channel, route, failed, rendered, expires_at)
    SELECT l.ticket, l.unit, l.version, l.channel, l.route, l.failed, l.rendered, l."expiresAt"
    FROM jsonb_to_recordset(${JSON.stringify(loads)}::jsonb) AS l (
      ticket text, unit text, version text, channel text, route text, failed boolean, rendered boolean,
      "expiresAt" timestamptz)
    ORDER BY l."expiresAt", l.ticket, l.unit
    ON CONFLICT (expires_at, ticket, unit) DO NOTHING
    RETURNING ticket, unit
  `)) as unknown as Rows<{ ticket: string; unit: string }>;
  return new Set(result.rows.map((row) => keyOf(row.ticket, row.unit)));
}

/**
 * Marks each page load's one failure (or, `render`, how its page was served, failed) where none was counted yet and
 * its ticket has not expired; answers the release facts of the rows marked now, whose failure counts.
 */
export async function markFailures(
  db: Queryable,
  marks: { ticket: string; unit: string; expiresAt: string; render: boolean }[],
): Promise<TicketRelease[]> {
  if (marks.length === 0) return [];
  const result = (await db.execute(sql`
    UPDATE page_load_tickets t SET failed = true, rendered = t.rendered OR m.render
    FROM jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) AS m (
      ticket text, unit text, "expiresAt" timestamptz, render boolean)
    WHERE t.expires_at = m."expiresAt" AND t.ticket = m.ticket AND t.unit = m.unit AND NOT t.failed
      AND NOT (m.render AND t.rendered) AND t.expires_at > now()
    RETURNING t.ticket, t.unit, t.version, t.channel, t.route
  `)) as unknown as Rows<TicketRelease>;
  return result.rows;
}

/** Marks how each page load's page was served, once; answers the release facts of the rows marked now. */
export async function markRendered(
  db: Queryable,
  marks: { ticket: string; unit: string; expiresAt: string }[],
): Promise<TicketRelease[]> {
  if (marks.length === 0) return [];
  const result = (await db.execute(sql`
    UPDATE page_load_tickets t SET rendered = true
    FROM jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) AS m (ticket text, unit text, "expiresAt" timestamptz)
    WHERE t.expires_at = m."expiresAt" AND t.ticket = m.ticket AND t.unit = m.unit AND NOT t.rendered
      AND t.expires_at > now()
    RETURNING t.ticket, t.unit, t.version, t.channel, t.route
  `)) as unknown as Rows<TicketRelease>;
  return result.rows;
}

/** Spends tickets whose page load its address had no share left for: nothing of them counts later. */
export async function spendTickets(
  db: Queryable,
  keys: { ticket: string; unit: string; expiresAt: string }[],
): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`
    UPDATE page_load_tickets t SET failed = true, rendered = true
    FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k (ticket text, unit text, "expiresAt" timestamptz)
    WHERE t.expires_at = k."expiresAt" AND t.ticket = k.ticket AND t.unit = k.unit
  `);
}

export interface AddressClaim {
  unit: string;
  windowStart: string;
  address: string;
  pageLoads: number;
  errors: number;
}

/**
 * Adds each address's claims to its window's row and answers what the row held before them, by claim: every claim
 * counts, kept or not, so an address that floods only spends its own share. The row lock orders instances.
 */
export async function claimForAddresses(
  db: Queryable,
  claims: AddressClaim[],
): Promise<Map<string, { pageLoads: number; errors: number }>> {
  if (claims.length === 0) return new Map();
  const result = (await db.execute(sql`
    INSERT INTO release_health_address_counts AS counted (unit, window_start, address, page_loads, errors)
    SELECT c.unit, c."windowStart", c.address, c."pageLoads", c.errors
    FROM jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) AS c (
      unit text, "windowStart" timestamptz, address text, "pageLoads" integer, errors integer)
    ORDER BY c.unit, c."windowStart", c.address
    ON CONFLICT (unit, window_start, address) DO UPDATE SET
      page_loads = counted.page_loads + excluded.page_loads,
      errors = counted.errors + excluded.errors
    RETURNING unit, window_start AS "windowStart", address, page_loads AS "pageLoads", errors
  `)) as unknown as Rows<{
    unit: string;
    windowStart: string | Date;
    address: string;
    pageLoads: number;
    errors: number;
  }>;
  const before = new Map<string, { pageLoads: number; errors: number }>();
  const asked = new Map(claims.map((claim) => [addressClaimKey(claim), claim]));
  for (const row of result.rows) {
    const key = addressClaimKey({ ...row, windowStart: new Date(row.windowStart).toISOString() });
    const claim = asked.get(key);
    if (claim) before.set(key, { pageLoads: row.pageLoads - claim.pageLoads, errors: row.errors - claim.errors });
  }
  return before;
}

export const addressClaimKey = (claim: Pick<AddressClaim, 'unit' | 'windowStart' | 'address'>) =>
  `${claim.unit}\n${new Date(claim.windowStart).toISOString()}\n${claim.address}`;

/** Deletes expired tickets: their reports no longer count anyway. Answers how many went. */
export async function deleteExpiredTickets(db: Queryable): Promise<number> {
  const result = (await db.execute(sql`DELETE FROM page_load_tickets WHERE expires_at <= now()`)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** Deletes the address counts of every window but `current` (each unit's rollout step and this hour). */
export async function deleteAddressCountsOutside(
  db: Queryable,
  current: { unit: string; windowStart: string }[],
): Promise<number> {
  const result = (await db.execute(sql`
    DELETE FROM release_health_address_counts a
    WHERE NOT EXISTS (
      SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(current)}::jsonb) AS w (unit text, "windowStart" timestamptz)
      WHERE w.unit = a.unit AND w."windowStart" = a.window_start)
  `)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}
