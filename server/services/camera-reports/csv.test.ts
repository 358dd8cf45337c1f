// The CSV export's fields against two readers: one that splits on "," as RFC 4180 says, and one that splits on ";"
// (a spreadsheet in a locale whose list separator is ";"), both treating a double quote as opening or closing a
// quoted stretch, "" inside it as one quote.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./export";
const FORMULA_START = /^[=+\-@\t\r]/;

interface Cell {
  text: string;
  /** Whether the cell began with a double quote, so a spreadsheet takes it as text. */
  quoted: boolean;
}

/** The cells of one record (the text up to its CRLF), split on `separator`. */
function cellsOf(record: string, separator: "," | ";"): Cell[] {
  const cells: Cell[] = [];
  let text = "";
  let quoted = false;
  let inQuotes = false;
  let atStart = true;
  for (let i = 0; i < record.length; i++) {
    const char = record[i]!;
    if (inQuotes && char === '"' && record[i + 1] === '"') {
      text += '"';
      i++;
    } else if (char === '"') {
      if (atStart) quoted = true;
      inQuotes = !inQuotes;
    } else if (!inQuotes && char === separator) {
      cells.push({ text, quoted });
      text = "";
      quoted = false;
      atStart = true;
      continue;
    } else text += char;
    atStart = false;
  }
  cells.push({ text, quoted });
  return cells;
}

/** Text with what a formula needs, separators, quotes and line breaks overrepresented. */
const awkwardText = fc.string({
  unit: fc.oneof(
    fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ",", ";", '"', "'", "x", " "),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});
const fieldValue = fc.oneof(awkwardText, fc.integer({ min: 0, max: 10_000 }), fc.constant(null));

describe("CSV fields", () => {
  it("never give a reader splitting on , or ; a cell that starts unquoted with =, +, -, @ or a tab", () => {
    fc.assert(
      fc.property(fc.array(fieldValue, { minLength: 1, maxLength: 6 }), (values) => {
        const record = csvRow(values).slice(0, -2);
        for (const separator of [",", ";"] as const)
          for (const cell of cellsOf(record, separator))
            expect(cell.quoted || !/^[=+@\t-]/.test(cell.text), `${separator} ${JSON.stringify(record)}`).toBe(true);
      }),
      { numRuns: 2_000, seed: 20261125 },
    );
  });

  it("read back as written by a , reader: exactly, but for the apostrophe before a formula's first character", () => {
    fc.assert(
      fc.property(fc.array(fieldValue, { minLength: 1, maxLength: 6 }), (values) => {
        const cells = cellsOf(csvRow(values).slice(0, -2), ",");
        expect(cells.map((cell) => cell.text)).toEqual(
          values.map((value) =>
            value === null
              ? ""
              : typeof value === "number"
                ? String(value)
                : FORMULA_START.test(value)
                  ? `'${value}`
                  : value,
          ),
        );
        // Text is always quoted, so an empty string and a missing value stay apart.
        expect(cells.map((cell) => cell.quoted)).toEqual(values.map((value) => typeof value === "string"));
      }),
      { numRuns: 2_000, seed: 20261125 },
    );
  });

  it("keep a ;-splitting spreadsheet from the issue's manufacturer", () => {
    const record = csvRow(["id-1", 'x;=HYPERLINK(CHAR(104)&"ttp://x");', "Pixel"]).slice(0, -2);
    expect(cellsOf(record, ";").every((cell) => cell.quoted || !cell.text.startsWith("="))).toBe(true);
    expect(csvField("x;=HYPERLINK(1);")).toBe('"x;=HYPERLINK(1);"');
  });
});
