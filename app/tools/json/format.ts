// Prints a parsed JSON tree: every number, string and key exactly as written, in the original order unless sortKeys.
// Iterative, like the parser, so nesting depth is limited by memory, not by the call stack.
import type { JsonEntry, JsonNode } from "./parse";
import type { JsonIndent } from "./limits";

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

/** Keys by UTF-16 code units, the order of RFC 8785 (JSON canonicalization); stable, so repeated keys keep their order. */
export function compareKeys(a: JsonEntry, b: JsonEntry): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

export function entriesInOrder(entries: JsonEntry[], sortKeys: boolean): JsonEntry[] {
  return sortKeys && entries.length > 1 ? entries.slice().sort(compareKeys) : entries;
}

export function printJson(root: JsonNode, options: PrintOptions): string {
  const unit = options.indent === "tab" ? "\t" : options.indent === "minified" ? "" : " ".repeat(Number(options.indent));
  const pretty = unit !== "";
  const colon = pretty ? ": " : ":";
  const newlines: string[] = ["\n"];
  const lineBreak = (depth: number): string => {
    if (!pretty) return "";
    let cached = newlines[depth];
    if (cached === undefined) {
      cached = "\n" + unit.repeat(depth);
      newlines[depth] = cached;
    }
    return cached;
  };

  const stack: PrintFrame[] = [];
  let out = "";
  let node: JsonNode | undefined = root;
  for (;;) {
    // Print `node`, or open it and continue with its first child.
    if (typeof node === "string") {
      out += node;
    } else if (node.type === "object" && node.entries.length > 0) {
      const entries = entriesInOrder(node.entries, options.sortKeys);
      stack.push({ close: "}", entries, items: null, next: 1 });
      const first = entries[0]!;
      out += "{" + lineBreak(stack.length) + first.rawKey + colon;
      node = first.value;
      continue;
    } else if (node.type === "array" && node.items.length > 0) {
      stack.push({ close: "]", entries: null, items: node.items, next: 1 });
      out += "[" + lineBreak(stack.length);
      node = node.items[0]!;
      continue;
    } else {
      out += node.type === "object" ? "{}" : "[]";
    }

    // Climb until a container has a next child, closing the finished ones.
    node = undefined;
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      if (frame.entries && frame.next < frame.entries.length) {
        const entry = frame.entries[frame.next++]!;
        out += "," + lineBreak(stack.length) + entry.rawKey + colon;
        node = entry.value;
        break;
      }
      if (frame.items && frame.next < frame.items.length) {
        out += "," + lineBreak(stack.length);
        node = frame.items[frame.next++]!;
        break;
      }
      stack.pop();
      out += lineBreak(stack.length) + frame.close;
    }
    if (!node) return out;
  }
}
