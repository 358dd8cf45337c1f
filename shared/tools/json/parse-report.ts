// What parsing a JSON document tells besides its tree: the syntax error with its hint, what JSONC removed, keys
// written twice, numbers JavaScript would change, and the document's size in values and depth.
import type { CaretExcerpt } from "../text-position.ts";
import type { JsonNode } from "./nodes.ts";

export interface JsonSyntaxError extends CaretExcerpt {
  offset: number;
  message: string;
  /** A plain suggestion for the likely cause. */
  hint?: string;
  /** Another spot that explains the error, such as where an unclosed bracket opened. */
  related?: { line: number; column: number; label: string };
}

export type RemovalKind = "line comment" | "block comment" | "trailing comma";
interface Removal {
  kind: RemovalKind;
  line: number;
}

export interface DuplicateKey {
  /** Where the object is, as a JSONPath such as $.items[2]. */
  path: string;
  /** The key as written (without its quotes). */
  key: string;
  /** Lines of every occurrence, in order. */
  lines: number[];
  /** JSON.parse and most parsers keep the last value. */
  keptLine: number;
}

interface ImpreciseNumber {
  line: number;
  text: string;
  /** What JavaScript's JSON.parse would turn it into. */
  parsed: string;
}

export interface ParseReport {
  removals: Removal[];
  removalCounts: Record<RemovalKind, number>;
  duplicates: DuplicateKey[];
  duplicateCount: number;
  impreciseNumbers: ImpreciseNumber[];
  impreciseNumberCount: number;
  /** A byte order mark at the start was skipped (RFC 8259, section 8.1, allows ignoring it). */
  bomIgnored: boolean;
  valueCount: number;
  maxDepth: number;
}

export type ParseResult = (
  | {
      ok: true;
      root: JsonNode;
      /**
       * UTF-8 bytes beyond one per UTF-16 unit in the document's strings and keys: printed text of the tree is
       * `length + this` bytes (everything outside strings is ASCII, and comments are not printed).
       */
      stringExtraUtf8Bytes: number;
    }
  | { ok: false; error: JsonSyntaxError }
) &
  ParseReport;
