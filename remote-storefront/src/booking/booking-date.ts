/** product.md §9: dates use a long date plus time, e.g. "November 22, 2026 at 2:10 AM". */
export function bookingDateText(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(date);
}
