// A folding tree of a JSON document. Built from <details>, so it folds without JavaScript too.
import type { JsonTree, TreeNode } from "#shared/tools/json/tree.ts";

const VALUE_CLASS: Record<string, string> = {
  string: "text-green-800 dark:text-green-300",
  number: "text-blue-800 dark:text-blue-300",
  literal: "text-purple-800 dark:text-purple-300",
};

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
}

function Label({ label }: { label?: string }) {
  if (label === undefined) return null;
  return <span className="text-zinc-700 dark:text-zinc-300">{label}: </span>;
}

function TreeItem({ node, depth }: { node: TreeNode; depth: number }) {
  if (!("children" in node)) {
    return (
      <div className="break-all">
        <Label label={node.label} />
        <span className={VALUE_CLASS[node.kind]}>{node.text}</span>
      </div>
    );
  }
  const summary =
    node.kind === "object" ? `{${plural(node.size, "key", "keys")}}` : `[${plural(node.size, "item", "items")}]`;
  if (node.size === 0) {
    return (
      <div>
        <Label label={node.label} />
        <span className="text-zinc-600 dark:text-zinc-400">{node.kind === "object" ? "{}" : "[]"}</span>
      </div>
    );
  }
  return (
    <details open={depth < 2}>
      <summary className="cursor-pointer">
        <Label label={node.label} />
        <span className="text-zinc-600 dark:text-zinc-400">{summary}</span>
      </summary>
      <div className="ml-2 border-l border-zinc-200 pl-4 dark:border-zinc-700">
        {node.children.map((child, index) => (
          <TreeItem key={index} node={child} depth={depth + 1} />
        ))}
        {node.omitted > 0 ? (
          <div className="text-zinc-600 italic dark:text-zinc-400">
            … {plural(node.omitted, "more member", "more members")} not shown
          </div>
        ) : null}
      </div>
    </details>
  );
}

export function JsonTreeView({ tree, valueCount }: { tree: JsonTree; valueCount: number }) {
  return (
    <div>
      {tree.truncated ? (
        <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
          The tree shows {tree.shown.toLocaleString("en")} of {valueCount.toLocaleString("en")} values; the formatted
          text above has them all.
        </p>
      ) : null}
      <div className="overflow-x-auto font-mono text-sm">
        <TreeItem node={tree.root} depth={0} />
      </div>
    </div>
  );
}
