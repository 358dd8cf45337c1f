// Prints a parsed JSON tree: every number, string and key exactly as written, in the original order unless sortKeys.
// Iterative, like the parser, so nesting depth is limited by memory (and the parser's depth limit), not by the call
// stack.
import type { JsonEntry, JsonNode } from "./parse.ts";
import type { JsonIndent } from "./limits.ts";

export interface PrintOptions {
  indent: JsonIndent;
  sortKeys: boolean;
}

interface PrintFrame {
  close: string;
  entries: JsonEntry[] | null;
  items: JsonNode[] | null;
  next: number;
}

/**
 * Keys by UTF-16 code units, the order of RFC 8785 (JSON canonicalization); stable, so repeated keys keep their order.
 */
function compareKeys(a: JsonEntry, b: JsonEntry): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

export function entriesInOrder(entries: JsonEntry[], sortKeys: boolean): JsonEntry[] {
  return sortKeys && entries.length > 1 ? entries.slice().sort(compareKeys) : entries;
}

/** Characters per flattened piece of the printed text. */
const PIECE_CHARS = 64 * 1024;

export interface PrintedJson {
  /** The printed text, or with `keepChars` its start: at least `keepChars + 1` characters when it is longer. */
  text: string;
  /** Characters (UTF-16 units) of the whole printed text. */
  length: number;
}

/**
 * Prints the tree. Past `keepChars` characters the text is only counted, not kept: a page showing the start of a
 * megabyte of output need not build (and flatten) the rest.
 */
export function printJson(root: JsonNode, options: PrintOptions, keepChars = Infinity): PrintedJson {
  const unit =
    options.indent === "tab" ? "\t" : options.indent === "minified" ? "" : " ".repeat(Number(options.indent));
  const pretty = unit !== "";
  const colon = pretty ? ": " : ":";
  // Each depth's line break is a slice of one run of indentation (V8 shares the run's characters), so the breaks
  // of every depth together take memory linear in the depth, not the sum of their lengths.
  let indentRun = "\n";
  const newlines: string[] = ["\n"];
  const lineBreak = (depth: number): string => {
    if (!pretty) return "";
    let cached = newlines[depth];
    if (cached === undefined) {
      const length = 1 + depth * unit.length;
      while (indentRun.length < length) indentRun += indentRun.slice(1) || unit;
      cached = indentRun.slice(0, length);
      newlines[depth] = cached;
    }
    return cached;
  };

  const stack: PrintFrame[] = [];
  // The text is built in flattened pieces: appending millions of small strings to one makes a rope of millions of
  // nodes (a 26 MB output held 570 MB of them), while a piece read once is copied flat and its nodes freed.
  const pieces: string[] = [];
  let piece = "";
  let kept = 0;
  let countedOnly = 0;
  const emit = (text: string): void => {
    if (kept > keepChars) {
      countedOnly += text.length;
      return;
    }
    piece += text;
    kept += text.length;
    if (piece.length >= PIECE_CHARS) {
      piece.charCodeAt(0);
      pieces.push(piece);
      piece = "";
    }
  };
  const finish = (): PrintedJson => {
    pieces.push(piece);
    const text = pieces.join("");
    return { text, length: text.length + countedOnly };
  };
  let node: JsonNode | undefined = root;
  for (;;) {
    // Print `node`, or open it and continue with its first child.
    if (typeof node === "string") {
      emit(node);
    } else if (node.type === "object" && node.entries.length > 0) {
      const entries = entriesInOrder(node.entries, options.sortKeys);
      stack.push({ close: "}", entries, items: null, next: 1 });
      const first = entries[0]!;
      emit("{");
      emit(lineBreak(stack.length));
      emit(first.rawKey);
      emit(colon);
      node = first.value;
      continue;
    } else if (node.type === "array" && node.items.length > 0) {
      stack.push({ close: "]", entries: null, items: node.items, next: 1 });
      emit("[");
      emit(lineBreak(stack.length));
      node = node.items[0]!;
      continue;
    } else {
      emit(node.type === "object" ? "{}" : "[]");
    }

    // Climb until a container has a next child, closing the finished ones.
    node = undefined;
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      if (frame.entries && frame.next < frame.entries.length) {
        const entry = frame.entries[frame.next++]!;
        emit(",");
        emit(lineBreak(stack.length));
        emit(entry.rawKey);
        emit(colon);
        node = entry.value;
        break;
      }
      if (frame.items && frame.next < frame.items.length) {
        emit(",");
        emit(lineBreak(stack.length));
        node = frame.items[frame.next++]!;
        break;
      }
      stack.pop();
      emit(lineBreak(stack.length));
      emit(frame.close);
    }
    if (!node) return finish();
  }
}
