// A <time datetime> in a readable, stable form (UTC), so server and browser render the same text.
const formatter = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

export function formatDateTime(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? String(value) : formatter.format(date);
}

export function Time({ value }: { value: string | Date | null | undefined }) {
  if (!value) return <span>—</span>;
  const date = typeof value === "string" ? new Date(value) : value;
  return <time dateTime={date.toISOString()}>{formatDateTime(date)}</time>;
}
