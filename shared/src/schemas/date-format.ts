/**
 * One date-time format for every screen, the bell and the emails: product.md §9's long date and a time, "November 24,
 * 2026 at 3:00 PM". Screens write times in the reader's own time zone and name the zone once (a column's header, a
 * list's caption), never beside each date; emails cannot know the reader's zone, so they write UTC and say so once.
 * Kept free of imports, like number-format, so any first screen may use it.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one per call dominated list answers on the server (wire.ts). */
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The reader's time zone as the browser (or the server's process) knows it, e.g. "Europe/Berlin". */
export function readerTimeZone(): string {
  return formatterFor(undefined).resolvedOptions().timeZone;
}

/**
 * A moment (ISO 8601 text or a Date) as "November 24, 2026 at 3:00 PM", in `timeZone` (the reader's own unless
 * given). Text that is no date (an old booking's typed date) shows as it is.
 */
export function formatDateTime(at: string | Date, timeZone?: string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return typeof at === 'string' ? at : '';
  // ICU writes a narrow no-break space before AM/PM; a plain one reads the same and matches what people type.
  return formatterFor(timeZone)
    .format(date)
    .replace(/\u202f/g, ' ');
}

/** The zone's name as people read it: "Europe/Berlin", "UTC". */
export function timeZoneName(timeZone: string = readerTimeZone()): string {
  return timeZone === 'Etc/UTC' ? 'UTC' : timeZone;
}

/** How a screen names the zone its times are in, once: "Booking Date (Europe/Berlin)". */
export function withTimeZone(label: string, timeZone?: string): string {
  return `${label} (${timeZoneName(timeZone)})`;
}

/** For text that cannot know its reader's zone (emails): the time in UTC, saying so. */
export function formatDateTimeUtc(at: string | Date): string {
  return `${formatDateTime(at, 'UTC')} UTC`;
}
