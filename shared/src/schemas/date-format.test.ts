import { formatDateTime, formatDateTimeUtc, withTimeZone } from './date-format';

describe('the one date-time format', () => {
  const moment = '2026-11-24T15:03:00.000Z';

  it('writes a long date and a time in the reader’s zone', () => {
    expect(formatDateTime(moment, 'UTC')).toBe('November 24, 2026 at 3:03 PM');
    expect(formatDateTime(moment, 'Asia/Dhaka')).toBe('November 24, 2026 at 9:03 PM');
    expect(formatDateTime(new Date(moment), 'America/New_York')).toBe('November 24, 2026 at 10:03 AM');
  });

  it('names the zone once, in a label, and UTC for emails', () => {
    expect(withTimeZone('Booking Date', 'Europe/Berlin')).toBe('Booking Date (Europe/Berlin)');
    expect(withTimeZone('Booking Date', 'Etc/UTC')).toBe('Booking Date (UTC)');
    expect(formatDateTimeUtc(moment)).toBe('November 24, 2026 at 3:03 PM UTC');
  });

  it('shows text that is no date as it is', () => {
    expect(formatDateTime('sometime last week')).toBe('sometime last week');
  });
});
