// The tree the lossless JSON parser builds: containers keep their members in the order written, scalars keep their
// text exactly as written.

export interface JsonObjectNode {
  type: "object";
  offset: number;
  entries: JsonEntry[];
}
export interface JsonEntry {
  /** The key's value, escapes decoded: what a parser compares and sorts. */
  key: string;
  /** The key as written, with its quotes and escapes: what the formatter prints. */
  rawKey: string;
  offset: number;
  value: JsonNode;
}
export interface JsonArrayNode {
  type: "array";
  offset: number;
  items: JsonNode[];
}
/**
 * A scalar is its text as written: a string with its quotes and escapes, a number digit for digit, true, false or
 * null. Kept as a bare string (no wrapper object) because scalars are most of a document's values.
 */
export type JsonScalar = string;
export type JsonNode = JsonObjectNode | JsonArrayNode | JsonScalar;

export function scalarKind(raw: JsonScalar): "string" | "number" | "literal" {
  const first = raw.charCodeAt(0);
  return first === 34 ? "string" : first === 116 || first === 102 || first === 110 ? "literal" : "number";
}

/**
 * A container the parser is inside of: the node being filled, the key waiting for its value, and what finds a key
 * written twice in it.
 */
export interface OpenContainer {
  node: JsonObjectNode | JsonArrayNode;
  /** Key waiting for its value (objects only). */
  key: string;
  rawKey: string;
  keyOffset: number;
  /** Key lookup once an object has too many entries for a linear scan. */
  keyIndex: Map<string, number> | null;
  /** Offsets of every occurrence of each repeated key. */
  repeated: Map<string, number[]> | null;
}
