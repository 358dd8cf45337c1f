// A <time datetime> in a readable, stable form (UTC), so server and browser render the same text.
// Written out by hand rather than with Intl.DateTimeFormat: browsers' and Node's locale data disagree ("Sep" or
// "Sept"), which would make hydration patch the text, and Intl costs about a twentieth of a 50-row page's render.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/** "30 Dec 2025, 15:24 UTC"; text that is not a date comes back as it is. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return (
    `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ` +
    `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`
  );
}

export function Time({ value }: { value: string | Date | null | undefined }) {
  if (!value) return <span>—</span>;
  const date = typeof value === "string" ? new Date(value) : value;
  return <time dateTime={date.toISOString()}>{formatDateTime(date)}</time>;
}
