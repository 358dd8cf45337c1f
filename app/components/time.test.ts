import { describe, expect, it } from "vitest";
import { formatDateTime } from "./time";

describe("formatDateTime", () => {
  it.each([
    ["2025-12-30T15:24:47.566Z", "30 Dec 2025, 15:24 UTC"],
    ["2001-01-05T00:03:00Z", "5 Jan 2001, 00:03 UTC"],
    ["1999-09-09T23:59:59Z", "9 Sep 1999, 23:59 UTC"],
    ["2026-11-22T21:05:00+02:00", "22 Nov 2026, 19:05 UTC"],
  ])("%s reads %s, in UTC whatever the machine's zone", (value, text) => {
    expect(formatDateTime(value)).toBe(text);
    expect(formatDateTime(new Date(value))).toBe(text);
  });

  it("gives back text that is not a date", () => {
    expect(formatDateTime("soon")).toBe("soon");
  });

  it("reads a time as toISOString writes it exactly as through a Date, for any moment", () => {
    const throughDate = (date: Date) => formatDateTime(new Date(date.getTime()));
    for (let i = 0; i < 2_000; i++) {
      const date = new Date(Date.UTC(1970 + (i % 130), i % 12, 1 + (i % 31), i % 24, (i * 7) % 60, i % 60, i % 1000));
      expect(formatDateTime(date.toISOString())).toBe(throughDate(date));
    }
  });

  it("reads times that only look canonical through a Date", () => {
    expect(formatDateTime("2025-13-01T10:00:00.000Z")).toBe("2025-13-01T10:00:00.000Z");
    expect(formatDateTime("2025-00-10T10:00:00.000Z")).toBe("2025-00-10T10:00:00.000Z");
  });
});
