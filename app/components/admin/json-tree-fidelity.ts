// The tree editor holds a JavaScript value, which keeps less than JSON text can say: a number becomes a double
// (12345678901234567890 turns into 12345678901234567000, 1.0 into 1), integer-like keys move to the front in
// ascending order, and of a key written twice one is kept. A value it would change is edited as text only.
import { parseJson, scalarKind, type JsonNode } from "#shared/tools/json/parse.ts";

/** Why the tree editor would change this JSON text, or null when it keeps every digit and key as written. */
export function treeEditingChange(text: string): string | null {
  const parsed = parseJson(text);
  if (!parsed.ok) return null;
  const pending: JsonNode[] = [parsed.root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (typeof node === "string") {
      if (scalarKind(node) === "number" && String(Number(node)) !== node) {
        return `the number ${node} would become ${String(Number(node))}`;
      }
    } else if (node.type === "array") {
      pending.push(...node.items);
    } else {
      const written = node.entries.map((entry) => entry.key);
      // Keys in the order a JavaScript object keeps them; fromEntries, like JSON.parse, takes "__proto__" as a key.
      const asJavaScriptKeepsThem = Object.keys(
        Object.fromEntries(written.map((key) => [key, true])) as Record<string, true>,
      );
      const repeated = written.find((key, index) => written.indexOf(key) !== index);
      if (repeated !== undefined) return `the key "${repeated}" is written more than once`;
      const moved = asJavaScriptKeepsThem.findIndex((key, index) => key !== written[index]);
      if (moved !== -1) return `the key "${asJavaScriptKeepsThem[moved]}" would move to another place`;
      pending.push(...node.entries.map((entry) => entry.value));
    }
  }
  return null;
}
