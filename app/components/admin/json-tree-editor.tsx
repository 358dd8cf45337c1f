// The JSON tree editor of the site vars page (json-edit-react). Import it only through React.lazy: the library
// is large and no other page needs it.
import { githubDarkTheme, JsonEditor, type JsonData } from "json-edit-react";
import { JSON_INDENT } from "./json-indent";

/** The editor's messages, each shown for 2.5 s; the site vars page indents by 4. */
export const JSON_EDITOR_MESSAGES = {
  ERROR_KEY_EXISTS: "Key already exists",
  ERROR_INVALID_JSON: "Invalid JSON",
  ERROR_UPDATE: "Update unsuccessful",
  ERROR_DELETE: "Delete unsuccessful",
  ERROR_ADD: "Adding node unsuccessful",
} as const;
export const JSON_EDITOR_ERROR_MS = 2_500;

/** The site's theme as app.css applies it: the html class, else the system preference. */
function prefersDark(): boolean {
  const root = document.documentElement.classList;
  if (root.contains("dark")) return true;
  if (root.contains("light")) return false;
  return window.matchMedia("(prefers-color-scheme: dark)").matches;
}

export default function JsonTreeEditor({
  data,
  onChange,
  label,
}: {
  data: unknown;
  onChange: (data: unknown) => void;
  label: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="overflow-x-auto"
      // Enter in the editor's one-line inputs (a key, a number) confirms the edit, which the editor does itself;
      // the browser would also submit the page's form with it, and the reloaded page would drop the edit.
      onKeyDown={(event) => {
        if (event.key === "Enter" && event.target instanceof HTMLInputElement) event.preventDefault();
      }}
    >
      <JsonEditor
        data={data as JsonData}
        setData={(next) => onChange(next)}
        rootName="value"
        indent={JSON_INDENT}
        errorMessageTimeout={JSON_EDITOR_ERROR_MS}
        translations={JSON_EDITOR_MESSAGES}
        collapse={3}
        theme={prefersDark() ? githubDarkTheme : undefined}
        minWidth="100%"
        maxWidth="100%"
      />
    </div>
  );
}
