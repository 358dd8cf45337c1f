// The JSON tool's options: indent, sorted keys and JSONC. Each change formats again when the page has JavaScript.
import {
  JSON_INDENT_LABELS,
  JSON_INDENTS,
  type JsonFormatOptions,
  type JsonIndent,
} from "#shared/tools/json/limits.ts";

export function JsonOptionsFieldset({
  options,
  onChange,
}: {
  options: JsonFormatOptions;
  onChange: (change: Partial<JsonFormatOptions>) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-6 gap-y-3">
      <legend className="sr-only">Options</legend>
      <label className="flex items-center gap-2 text-sm">
        Indent
        <select
          name="indent"
          defaultValue={options.indent}
          onChange={(event) => onChange({ indent: event.currentTarget.value as JsonIndent })}
          className="input w-auto py-1"
        >
          {JSON_INDENTS.map((indent) => (
            <option key={indent} value={indent}>
              {JSON_INDENT_LABELS[indent]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="sortKeys"
          defaultChecked={options.sortKeys}
          onChange={(event) => onChange({ sortKeys: event.currentTarget.checked })}
        />
        Sort keys
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="jsonc"
          defaultChecked={options.jsonc}
          onChange={(event) => onChange({ jsonc: event.currentTarget.checked })}
        />
        Allow comments and trailing commas (JSONC)
      </label>
    </fieldset>
  );
}
