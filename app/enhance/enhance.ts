// The one script of pages that ship no React (app/utils/hydration.ts): small touches on the server-rendered HTML,
// most asked for by a data attribute (./markup.ts). Everything it touches works without it, as plain links and
// forms; it adds what only a script can do: copying to the clipboard, switching the theme without a reload,
// counting the ticked reports, closing the header's menus with Escape. Vite builds it as a classic script of its
// own (root.tsx, `?worker&url`).
import { MAX_COMPARE, MIN_COMPARE } from "#shared/contract/camera-vocabulary.ts";
import {
  applyTheme,
  isTheme,
  NEXT_THEME,
  readStoredTheme,
  THEME_SWITCH_ICON,
  THEME_STORAGE_KEY,
  THEME_SWITCH_LABEL,
  THEME_SWITCH_MARKER,
  themeSwitchLabel,
} from "../utils/theme";
import {
  COMPARE_FORM,
  COMPARE_STATUS,
  COPY_FEEDBACK_MS,
  COPY_ICON,
  COPY_LINK,
  COPY_OUTCOME_TEXT,
  COPY_VALUE,
  THEME_FORM,
  THEME_FORM_SAVE,
  THEME_FORM_STATUS,
  type CopyOutcome,
} from "./markup";

const all = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) =>
  Array.from(root.querySelectorAll<T>(selector));

function enhanceThemeSwitch(button: HTMLButtonElement) {
  let theme = readStoredTheme();
  const show = () => {
    button.setAttribute("aria-label", themeSwitchLabel(theme));
    button.title = THEME_SWITCH_LABEL[theme];
    for (const icon of all(`[${THEME_SWITCH_ICON}]`, button))
      icon.hidden = icon.getAttribute(THEME_SWITCH_ICON) !== theme;
  };
  button.addEventListener("click", () => {
    theme = NEXT_THEME[theme];
    applyTheme(theme);
    show();
  });
  show();
  button.hidden = false;
}

function enhanceCopyButton(button: HTMLButtonElement) {
  const label = button.getAttribute("aria-label") ?? "Copy";
  const icons = all(`[${COPY_ICON}]`, button);
  const text = button.lastElementChild;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (outcome?: CopyOutcome) => {
    button.setAttribute("aria-label", outcome ? `${label}: ${outcome}` : label);
    for (const icon of icons) icon.hidden = icon.getAttribute(COPY_ICON) !== (outcome === "copied" ? "copied" : "copy");
    text!.textContent = outcome ? COPY_OUTCOME_TEXT[outcome] : label;
  };
  button.addEventListener("click", async () => {
    const value = button.getAttribute(COPY_VALUE) ?? "";
    let outcome: CopyOutcome = "copied";
    try {
      await navigator.clipboard.writeText(button.hasAttribute(COPY_LINK) ? new URL(value, location.href).href : value);
    } catch {
      outcome = "failed";
    }
    show(outcome);
    clearTimeout(timer);
    timer = setTimeout(() => show(), COPY_FEEDBACK_MS);
  });
  button.hidden = false;
}

function storedTheme(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** A choice applies at once and is saved in the background, so pages rendered on the server follow it. */
function enhanceThemeForm(form: HTMLFormElement) {
  const radios = all<HTMLInputElement>('input[type="radio"]', form);
  // A choice in local storage wins over the cookie the page was rendered with (see theme.ts).
  const stored = storedTheme();
  for (const radio of radios) if (stored && radio.value === stored) radio.checked = true;
  const status = form.querySelector<HTMLElement>(`[${THEME_FORM_STATUS}]`);
  const save = form.querySelector<HTMLElement>(`[${THEME_FORM_SAVE}]`);
  if (!status || !save) return;
  form.addEventListener("change", async (event) => {
    const radio = event.target as HTMLInputElement;
    if (radio.type !== "radio" || !isTheme(radio.value)) return;
    applyTheme(radio.value);
    status.textContent = "Saving...";
    const body = new URLSearchParams({ intent: "theme", [radio.name]: radio.value });
    try {
      const response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
      status.textContent = response.ok ? "Saved as you choose." : "Not saved: the server refused it.";
    } catch {
      status.textContent = "Not saved: the server did not answer.";
    }
  });
  save.hidden = true;
  status.hidden = false;
}

function enhanceCompareForm(form: HTMLFormElement) {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = form.querySelector<HTMLElement>(`[${COMPARE_STATUS}]`);
  if (!submit || !status) return;
  const count = () => {
    const selected = all<HTMLInputElement>(`input[form="${form.id}"]:checked`).length;
    submit.disabled = selected < MIN_COMPARE || selected > MAX_COMPARE;
    status.textContent = `${selected} selected; pick ${MIN_COMPARE} to ${MAX_COMPARE}.`;
  };
  document.addEventListener("change", (event) => {
    if ((event.target as Element).getAttribute("form") === form.id) count();
  });
  // The browser may have restored ticks from an earlier visit (back button).
  addEventListener("pageshow", count);
  count();
}

/** The header's menus are <details> disclosures: Escape, a press elsewhere or focus moving away closes one. */
function enhanceMenu(details: HTMLDetailsElement) {
  const close = (returnFocus: boolean) => {
    if (!details.open) return;
    details.open = false;
    if (returnFocus) details.querySelector("summary")?.focus();
  };
  details.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close(true);
  });
  details.addEventListener("focusout", (event) => {
    const next = event.relatedTarget as Node | null;
    if (next && !details.contains(next)) close(false);
  });
  document.addEventListener("pointerdown", (event) => {
    if (!details.contains(event.target as Node)) close(false);
  });
}

for (const details of all<HTMLDetailsElement>('nav[aria-label="Main"] details')) enhanceMenu(details);
for (const button of all<HTMLButtonElement>(`button[${THEME_SWITCH_MARKER}]`)) enhanceThemeSwitch(button);
for (const button of all<HTMLButtonElement>(`button[${COPY_VALUE}]`)) enhanceCopyButton(button);
for (const form of all<HTMLFormElement>(`form[${THEME_FORM}]`)) enhanceThemeForm(form);
for (const form of all<HTMLFormElement>(`form[${COMPARE_FORM}]`)) enhanceCompareForm(form);
