// A <time datetime> in a readable, stable form (UTC), so server and browser render the same text.
// Written out by hand rather than with Intl.DateTimeFormat: browsers' and Node's locale data disagree ("Sep" or
// "Sept"), which would make hydration patch the text, and Intl costs about a twentieth of a 50-row page's render.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));
/** A time as `toISOString` writes it (how the API gives every time): read by position, without a Date. */
const CANONICAL_UTC = /^(\d{4})-(\d\d)-(\d\d)T([01]\d|2[0-3]):([0-5]\d):[0-5]\d\.\d{3}Z$/;

function canonicalText(value: string): string | null {
  const parts = CANONICAL_UTC.exec(value);
  if (!parts) return null;
  const [, year, month, day, hours, minutes] = parts;
  const monthName = MONTHS[Number(month) - 1];
  const dayNumber = Number(day);
  if (!monthName || dayNumber < 1 || dayNumber > 31) return null;
  return `${dayNumber} ${monthName} ${year}, ${hours}:${minutes} UTC`;
}

/** "30 Dec 2025, 15:24 UTC"; text that is not a date comes back as it is. */
export function formatDateTime(value: string | Date): string {
  const canonical = typeof value === "string" ? canonicalText(value) : null;
  if (canonical !== null) return canonical;
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return (
    `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ` +
    `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`
  );
}

export function Time({ value }: { value: string | Date | null | undefined }) {
  if (!value) return <span>—</span>;
  // A canonical time is its own datetime attribute; a rendered page lists dozens of them.
  if (typeof value === "string") {
    const canonical = canonicalText(value);
    if (canonical !== null) return <time dateTime={value}>{canonical}</time>;
  }
  const date = typeof value === "string" ? new Date(value) : value;
  return <time dateTime={date.toISOString()}>{formatDateTime(date)}</time>;
}
