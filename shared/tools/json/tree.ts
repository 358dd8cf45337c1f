// The folding tree view's model: a bounded copy of the parsed tree (plain data, so a worker can send it).
import { scalarKind, type JsonNode } from "./parse.ts";
import { entriesInOrder } from "./format.ts";
import { TREE_MAX_DEPTH, TREE_MAX_NODES } from "./limits.ts";

export type TreeNode =
  | {
      kind: "object" | "array";
      /** The key as written (without quotes) or the array index; absent for the root. */
      label?: string;
      /** Members in the input. */
      size: number;
      children: TreeNode[];
      /** Members not included because the view's budget ran out. */
      omitted: number;
    }
  | { kind: "string" | "number" | "literal"; label?: string; text: string };

export interface JsonTree {
  root: TreeNode;
  /** Values shown; fewer than the input's when it is larger than the view's budget. */
  shown: number;
  truncated: boolean;
}

export function buildTree(
  root: JsonNode,
  sortKeys: boolean,
  maxNodes = TREE_MAX_NODES,
  maxDepth = TREE_MAX_DEPTH,
): JsonTree {
  let budget = maxNodes;
  let truncated = false;
  const visit = (node: JsonNode, label: string | undefined, depth: number): TreeNode => {
    budget--;
    if (typeof node === "string") return { kind: scalarKind(node), label, text: node };
    const size = node.type === "object" ? node.entries.length : node.items.length;
    const children: TreeNode[] = [];
    if (depth < maxDepth) {
      if (node.type === "object") {
        for (const entry of entriesInOrder(node.entries, sortKeys)) {
          if (budget <= 0) break;
          children.push(visit(entry.value, entry.rawKey.slice(1, -1), depth + 1));
        }
      } else {
        for (let i = 0; i < node.items.length && budget > 0; i++)
          children.push(visit(node.items[i]!, String(i), depth + 1));
      }
    }
    if (children.length < size) truncated = true;
    return { kind: node.type, label, size, children, omitted: size - children.length };
  };
  const tree = visit(root, undefined, 0);
  return { root: tree, shown: maxNodes - budget, truncated };
}
