// A JSON value edited as a tree once JavaScript runs (json-edit-react, loaded on demand), and as a textarea
// before that and without JavaScript. Either way the form posts the JSON text under `name`: the text as it was
// until the tree changes something, and a value the tree would change (treeEditingChange) is edited as text only.
// The editor and that check (the lossless JSON parser) load on demand once the page has hydrated, not with it.
import { lazy, Suspense, use, useState, type ReactNode } from "react";
import { deferredModule } from "#app/utils/deferred-module.ts";
import { useHydrated } from "#app/utils/hydrated.ts";
import { checkJsonLimits, JSON_INPUT_LIMITS } from "#shared/json-limits.ts";
import { JSON_INDENT } from "./json-indent";

const JsonTreeEditor = lazy(() => import("./json-tree-editor"));
const loadTreeFidelity = deferredModule(() => import("./json-tree-fidelity"));

/**
 * The value for the tree editor, or null when the text is not JSON or past the site's JSON limits (the editor
 * recurses).
 */
function parseOrNull(text: string): { value: unknown } | null {
  if (checkJsonLimits(text, "The value")) return null;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

interface JsonValueFieldProps {
  id: string;
  name: string;
  /** The JSON text. */
  value: string;
  onChange: (text: string) => void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
}

export function JsonValueField(props: JsonValueFieldProps) {
  const { id, name, value, onChange, invalid, describedBy } = props;
  const hydrated = useHydrated();
  const textarea = (
    <textarea
      id={id}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="input min-h-40 font-mono"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      spellCheck={false}
    />
  );
  const asTextOnly = <div className="space-y-2">{textarea}</div>;
  if (!hydrated) return asTextOnly;
  return (
    <Suspense fallback={asTextOnly}>
      <TreeOrText {...props} textarea={textarea} />
    </Suspense>
  );
}

function TreeOrText({
  id,
  name,
  value,
  onChange,
  label,
  invalid,
  describedBy,
  textarea,
}: JsonValueFieldProps & { textarea: ReactNode }) {
  const { treeEditingChange } = use(loadTreeFidelity());
  const parsed = parseOrNull(value);
  const treeWouldChange = parsed ? treeEditingChange(value) : null;
  // Starts as a tree when the value is JSON; text being typed stays text until asked for the tree.
  const [asText, setAsText] = useState(() => parsed === null);
  if (asText || !parsed || treeWouldChange) {
    return (
      <div className="space-y-2">
        {textarea}
        {treeWouldChange ? (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Edited as text: the tree editor would change this value ({treeWouldChange}).
          </p>
        ) : parsed ? (
          <button type="button" className="btn min-h-8 px-2 py-1 text-xs" onClick={() => setAsText(false)}>
            Edit as tree
          </button>
        ) : (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            The tree editor opens once this is valid JSON, nested at most {JSON_INPUT_LIMITS.maxDepth} levels deep.
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <input type="hidden" name={name} value={value} />
      <Suspense fallback={textarea}>
        <div id={id} tabIndex={-1} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
          <JsonTreeEditor
            data={parsed.value}
            onChange={(next) => onChange(JSON.stringify(next, null, JSON_INDENT))}
            label={label}
          />
        </div>
      </Suspense>
      <button type="button" className="btn min-h-8 px-2 py-1 text-xs" onClick={() => setAsText(true)}>
        Edit as text
      </button>
    </div>
  );
}
