// The JSON tree editor of the site vars page (json-edit-react). Import it only through React.lazy: the library
// is large and no other page needs it. The library draws its buttons as icons in clickable <div>s; a keyboard and
// a screen reader reach them through tree-keyboard.ts, which names and focuses them.
import { githubDarkTheme, JsonEditor, type CustomTextDefinitions, type JsonData, type Theme } from "json-edit-react";
import { useEffect, useRef } from "react";
import { JSON_INDENT } from "./json-indent";
import { makeTreeKeyboardReachable, nodeName, type TreePath } from "./tree-keyboard";

/** The editor's messages, each shown for 2.5 s; the site vars page indents by 4. */
const JSON_EDITOR_MESSAGES = {
  ERROR_KEY_EXISTS: "Key already exists",
  ERROR_INVALID_JSON: "Invalid JSON",
  ERROR_UPDATE: "Update unsuccessful",
  ERROR_DELETE: "Delete unsuccessful",
  ERROR_ADD: "Adding node unsuccessful",
} as const;
const JSON_EDITOR_ERROR_MS = 2_500;

/** What each button does, to which node: its tooltip and, through tree-keyboard.ts, its accessible name. */
const BUTTON_NAMES: CustomTextDefinitions = {
  TOOLTIP_EDIT: (node) => `Edit value of ${nodeName(node.path)}`,
  TOOLTIP_DELETE: (node) => `Delete ${typeof node.key === "number" ? "item" : "key"} ${nodeName(node.path)}`,
  TOOLTIP_ADD: (node) => `Add ${Array.isArray(node.value) ? "item" : "key"} to ${nodeName(node.path)}`,
  TOOLTIP_COPY: (node) => `Copy ${nodeName(node.path)}`,
};

/**
 * The library's light theme with its faint text darkened to a contrast of at least 4.5:1 on its background (item
 * counts were 2.1:1, strings 4.3:1), and the edit icons to 4.5:1 too. Its dark theme passes as it is.
 */
const LIGHT_THEME: Theme = {
  displayName: "Light, readable",
  fragments: { edit: "#1f7a73" },
  styles: {
    container: { backgroundColor: "#f6f6f6", fontFamily: "monospace" },
    property: "#292929",
    bracket: { color: "#002b36", fontWeight: "bold" },
    itemCount: { color: "#595959", fontStyle: "italic" },
    string: "#a8400f",
    number: "#1d6fa5",
    boolean: "#176a2a",
    null: { color: "#b3261e", fontVariant: "small-caps", fontWeight: "bold" },
    input: ["#292929"],
    inputHighlight: "#b3d8ff",
    error: { fontSize: "0.8em", color: "#b3261e", fontWeight: "bold" },
    iconCollection: "#002b36",
    iconEdit: "edit",
    iconDelete: "#a8400f",
    iconAdd: "edit",
    iconCopy: "#1d6fa5",
    iconOk: "#176a2a",
    iconCancel: "#a8400f",
  },
};

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
  // The node being edited, or the collection a key is being added to: where focus goes when the edit ends.
  const editedPath = useRef<TreePath | null>(null);
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
    const stopKeyboard = makeTreeKeyboardReachable(group, () => editedPath.current);
    return () => {
      group.removeEventListener("focusin", detachFromForm, true);
      stopKeyboard();
    };
  }, []);
  return (
    <div ref={groupRef} role="group" aria-label={label} tabIndex={-1} className="json-tree overflow-x-auto">
      <JsonEditor
        data={data as JsonData}
        setData={(next) => onChange(next)}
        rootName="value"
        indent={JSON_INDENT}
        errorMessageTimeout={JSON_EDITOR_ERROR_MS}
        translations={JSON_EDITOR_MESSAGES}
        customText={BUTTON_NAMES}
        showIconTooltips
        onEditEvent={(path) => {
          if (path) editedPath.current = path;
        }}
        collapse={3}
        theme={prefersDark() ? githubDarkTheme : LIGHT_THEME}
        minWidth="100%"
        maxWidth="100%"
      />
    </div>
  );
}
