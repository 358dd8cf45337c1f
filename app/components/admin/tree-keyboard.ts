// Keyboard and screen reader access to json-edit-react's tree. Its buttons are icons in clickable <div>s, shown on
// hover only, and its edit fields have no label. This names each control, puts the buttons in the tab order in the
// order they are drawn (Enter and Space press them, as a button's), and when a control disappears with focus on it
// (an edit confirmed or cancelled, a node deleted) moves focus to the node's Edit button, or to the control that
// took the deleted one's place, instead of leaving it on the page's body.

/** A node's path as the editor gives it; null stands for a key being added to the collection before it. */
export type TreePath = readonly (string | number | null)[];

/** A node's name as the labels say it: "limits.max", "tags[0]"; the root is "value". */
export function nodeName(path: TreePath): string {
  let name = "";
  for (const step of path) {
    if (step === null) continue;
    name = typeof step === "number" ? `${name}[${step}]` : name ? `${name}.${step}` : step;
  }
  return name || "value";
}

const CONTROL = "data-tree-control";
const FIELDS = "input, textarea, select";

function makeButton(element: HTMLElement, name: string): void {
  if (element.getAttribute("aria-label") !== name) element.setAttribute("aria-label", name);
  if (element.hasAttribute(CONTROL)) return;
  element.setAttribute(CONTROL, "");
  element.setAttribute("role", "button");
  element.tabIndex = 0;
}

function fieldName(field: HTMLElement, editedPath: TreePath | null): string {
  const node = nodeName(editedPath ?? []);
  if (field.classList.contains("jer-input-new-key") || field.closest(".jer-select-keys")) return "Name of the new key";
  if (field.classList.contains("jer-key-edit")) return `Rename key ${node}`;
  if (field.closest(".jer-select-types")) return `Type of ${node}`;
  if (field instanceof HTMLTextAreaElement) return `JSON text of ${node}`;
  return `Value of ${node}`;
}

function nameControls(group: HTMLElement, editedPath: TreePath | null): void {
  // The tooltips (the editor's customText) already say what each button does to which node.
  for (const button of group.querySelectorAll<HTMLElement>(".jer-edit-buttons > div[title]")) {
    if (button.title) makeButton(button, button.title);
  }
  for (const row of group.querySelectorAll<HTMLElement>(".jer-confirm-buttons")) {
    const buttons = [...row.children].filter((child): child is HTMLElement => child instanceof HTMLElement);
    // ✓ then ✕; a field that cannot be confirmed yet shows ✕ alone.
    buttons.forEach((button, index) =>
      makeButton(button, index === buttons.length - 1 ? "Cancel edit" : "Confirm edit"),
    );
  }
  for (const icon of group.querySelectorAll<HTMLElement>(".jer-collapse-icon")) {
    const key = icon.parentElement?.querySelector(".jer-key-text")?.firstChild?.textContent || "value";
    const collapsed = icon.classList.contains("jer-rotate-90");
    makeButton(icon, `${collapsed ? "Expand" : "Collapse"} ${key}`);
    icon.setAttribute("aria-expanded", String(!collapsed));
  }
  for (const field of group.querySelectorAll<HTMLElement>(FIELDS)) {
    if (!field.hasAttribute("aria-label")) field.setAttribute("aria-label", fieldName(field, editedPath));
  }
}

/**
 * Makes the tree in `group` usable by keyboard; `editedPath` answers the node last edited (or added to). Answers a
 * function that stops it.
 */
export function makeTreeKeyboardReachable(group: HTMLElement, editedPath: () => TreePath | null): () => void {
  const controls = () => [...group.querySelectorAll<HTMLElement>(`[${CONTROL}]`)];
  let focused: { element: HTMLElement; index: number; editing: boolean } | null = null;

  const press = (event: KeyboardEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.hasAttribute(CONTROL)) return;
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    target.click();
  };
  const remember = (event: FocusEvent) => {
    const element = event.target;
    if (!(element instanceof HTMLElement)) return;
    const editing = element.matches(FIELDS) || element.closest(".jer-confirm-buttons") !== null;
    focused = { element, index: controls().indexOf(element), editing };
  };
  const restoreFocus = () => {
    if (!focused || focused.element.isConnected) return;
    // Focus the editor or the visitor moved elsewhere stays there.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const lost = focused;
    focused = null;
    const list = controls();
    const path = editedPath();
    let target: HTMLElement | undefined;
    if (lost.editing && path) {
      const adding = path.at(-1) === null;
      const parent = nodeName(path.slice(0, -1));
      target = list.find((control) => {
        const name = control.getAttribute("aria-label") ?? "";
        return adding
          ? name.startsWith("Add ") && name.endsWith(` to ${parent}`)
          : name === `Edit value of ${nodeName(path)}`;
      });
    }
    target ??= list[Math.min(Math.max(lost.index, 0), list.length - 1)];
    (target ?? group).focus();
  };

  nameControls(group, editedPath());
  const observer = new MutationObserver(() => {
    nameControls(group, editedPath());
    restoreFocus();
  });
  observer.observe(group, { childList: true, subtree: true, attributeFilter: ["class", "title"] });
  group.addEventListener("keydown", press);
  group.addEventListener("focusin", remember);
  return () => {
    observer.disconnect();
    group.removeEventListener("keydown", press);
    group.removeEventListener("focusin", remember);
  };
}
