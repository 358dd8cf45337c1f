// The JSON tree editor of the site vars page (json-edit-react). Import it only through React.lazy: the library
// is large and no other page needs it.
import { githubDarkTheme, JsonEditor, type JsonData } from "json-edit-react";
import { useEffect, useRef } from "react";
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
  const groupRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    // The editor's own inputs (a key, a value being edited) belong to no form. As fields of the page's form they
    // would be validated on blur and posted with it, and Enter in one would submit it, reloading the page without
    // the edit; Enter confirms the edit instead, as the editor's ✓ does. Set on focus, which comes before any
    // typing; by a native listener, as the editor focuses them while React commits, when React sends no events.
    const detachFromForm = (event: FocusEvent) => {
      const target = event.target;
      if (
        target instanceof HTMLInputElement ||
        target instanceof HTMLTextAreaElement ||
        target instanceof HTMLSelectElement
      ) {
        // No element has an empty id, so the field has no form owner.
        target.setAttribute("form", "");
      }
    };
    group.addEventListener("focusin", detachFromForm, true);
    return () => group.removeEventListener("focusin", detachFromForm, true);
  }, []);
  return (
    <div ref={groupRef} role="group" aria-label={label} className="overflow-x-auto">
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
