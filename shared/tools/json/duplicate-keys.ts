// Keys written twice in one object: found while the object is parsed, listed with the object's JSONPath and the
// lines of every occurrence (JSON.parse keeps the last).
import { printable } from "../printable-text.ts";
import type { LineIndex } from "../text-position.ts";
import { REPORT_MAX_ITEMS } from "./limits.ts";
import type { JsonObjectNode, OpenContainer } from "./nodes.ts";
import type { DuplicateKey } from "./parse-report.ts";

/** Objects up to this many entries look a key up by scanning them; larger ones build a Map once. */
const LINEAR_KEY_SCAN_MAX = 8;

/** Notes the object's waiting key when an earlier entry has it, before the entry is added. */
export function noteRepeatedKey(frame: OpenContainer): void {
  const entries = (frame.node as JsonObjectNode).entries;
  const key = frame.key;
  let firstOffset = -1;
  if (frame.keyIndex) {
    firstOffset = frame.keyIndex.get(key) ?? -1;
    if (firstOffset < 0) frame.keyIndex.set(key, frame.keyOffset);
  } else {
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      if (entry.key === key) {
        firstOffset = entry.offset;
        break;
      }
    }
    if (entries.length >= LINEAR_KEY_SCAN_MAX) {
      frame.keyIndex = new Map();
      for (let i = entries.length - 1; i >= 0; i--) frame.keyIndex.set(entries[i]!.key, entries[i]!.offset);
      if (firstOffset < 0) frame.keyIndex.set(key, frame.keyOffset);
    }
  }
  if (firstOffset < 0) return;
  frame.repeated ??= new Map();
  const offsets = frame.repeated.get(key);
  if (offsets) offsets.push(frame.keyOffset);
  else frame.repeated.set(key, [firstOffset, frame.keyOffset]);
}

export class DuplicateKeyLog {
  /** Every repeated key, also those past the listed ones. */
  count = 0;
  private readonly listed: { path: string; rawKey: string; offsets: number[] }[] = [];

  /** Takes the repeated keys of the innermost open container, an object about to close. */
  recordClosing(open: readonly OpenContainer[]): void {
    const frame = open[open.length - 1]!;
    const entries = (frame.node as JsonObjectNode).entries;
    // The path costs one step per level: built only for the listed duplicates, not for every object that has one.
    let path: string | null = null;
    for (const [key, offsets] of frame.repeated!) {
      this.count++;
      if (this.listed.length >= REPORT_MAX_ITEMS) continue;
      path ??= pathOfInnermost(open);
      const rawKey = entries.find((entry) => entry.key === key)!.rawKey;
      this.listed.push({ path, rawKey, offsets });
    }
  }

  /** The listed duplicates in the order their first occurrences were written. */
  report(lines: LineIndex): DuplicateKey[] {
    return this.listed
      .sort((a, b) => a.offsets[0]! - b.offsets[0]!)
      .map(({ path, rawKey, offsets }) => {
        const occurrenceLines = offsets.map((offset) => lines.lineOf(offset));
        return {
          path,
          key: printable(rawKey.slice(1, -1)),
          lines: occurrenceLines,
          keptLine: occurrenceLines[occurrenceLines.length - 1]!,
        };
      });
  }
}

/** JSONPath of the innermost open container, such as $.items[2]. */
function pathOfInnermost(open: readonly OpenContainer[]): string {
  let path = "$";
  for (let i = 0; i < open.length - 1; i++) {
    const parent = open[i]!;
    path += parent.node.type === "array" ? `[${parent.node.items.length}]` : jsonPathSegment(parent.key);
  }
  return path;
}

function jsonPathSegment(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
