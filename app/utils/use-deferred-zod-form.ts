// Conform's useForm the one way every form uses it, with none of its code in the page's own JavaScript. The same zod
// schema the action checks is checked in the browser too, on submit and then on every keystroke in a field with an
// error. Not when a field loses focus: an error appearing then moves the buttons below it away from a click in
// progress, and the click is lost. The check's code (zod and Conform's zod adapter, about 37 kB gzipped) loads when
// the browser is idle after the page; until then a submit goes to the server, whose answer (the same schema) shows
// the same errors. Conform itself (about 8 kB) is a deferred module (app/utils/deferred-module.ts): until it arrives
// the form is the server's HTML and posts as such, so on a page that hydrates a component using this hook renders
// inside a Suspense boundary (`withDeferredForm`). The fields' HTML constraints come from the loader
// (`getZodConstraint` there), so the page without JavaScript gets required, maxLength and the rest.
import type { Submission, useForm } from "@conform-to/react";
import {
  createElement,
  memo,
  Suspense,
  use,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type ComponentType,
} from "react";
import type { z } from "zod";
import { deferredModule } from "./deferred-module";
import { hydratedPart, hydratingPart, useHydrated } from "./hydrated";

type FormShape = Record<string, unknown>;
type Conform = typeof import("./conform-form-state");
export type FormValidator<Input, Output> = (formData: FormData) => Submission<Input, string[], Output>;
/** The fields' HTML constraints, as a loader gives them (`getZodConstraint(schema)`). */
export type FormConstraint = Parameters<typeof useForm>[0]["constraint"];
type DeferredFormOptions<Input extends FormShape, Output> = Omit<
  Parameters<typeof useForm<Input, Output>>[0],
  "constraint" | "onValidate"
>;

const loadConform = deferredModule(() => import("./conform-form-state"));

/** Accepts everything: the server validates until the schema's code has loaded. */
const serverValidates = <Input, Output>(conform: Conform, formData: FormData) =>
  conform.parse<Output, string[]>(formData, {
    resolve: (value) => ({ value: value as Output }),
  }) as unknown as Submission<Input, string[], Output>;

/** `loadValidator` null: a form with nothing to check in the browser (a single button); the server answers. */
export function useDeferredZodForm<Input extends FormShape, Output>(
  loadValidator: (() => Promise<FormValidator<Input, Output>>) | null,
  constraint: FormConstraint,
  options: DeferredFormOptions<Input, Output> = {},
) {
  const conform = use(loadConform());
  const validator = useRef<FormValidator<Input, Output> | null>(null);
  useEffect(() => {
    if (!loadValidator) return;
    let mounted = true;
    const load = () => {
      void loadValidator().then((validate) => {
        if (mounted) validator.current = validate;
      });
    };
    const idle =
      typeof requestIdleCallback === "function" ? requestIdleCallback(load, { timeout: 2_000 }) : setTimeout(load, 200);
    return () => {
      mounted = false;
      if (typeof cancelIdleCallback === "function") cancelIdleCallback(idle as number);
      else clearTimeout(idle as ReturnType<typeof setTimeout>);
    };
    // The loader is a module-level import(): it never changes.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const form = conform.useForm<Input, Output>({
    constraint,
    onValidate: ({ formData }) =>
      validator.current ? validator.current(formData) : serverValidates<Input, Output>(conform, formData),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    ...options,
  });
  useTextTypedBeforeHydration(form[0].id);
  return form;
}

/**
 * Puts back what was typed into the form's textareas while it waited for Conform: React sets a hydrating textarea
 * to its default text when that is not empty (a prefilled prompt, a stored value being edited), which also moves
 * the caret to the start and drops a selection. What is typed by the hydrating render is read then; hydration
 * yields to the browser between components, so what is typed or selected after it and before React reaches the
 * field is recorded as it happens. The text is put back, with an input event for Conform, and then the focused
 * field's caret or selection, before the browser paints. Every later render of the form sets an unedited textarea's
 * default text again (React does), so the focused field is marked as edited before its selection is put back.
 * Inputs keep their typed value through hydration by themselves.
 */
function useTextTypedBeforeHydration(formId: string) {
  const hydrating = !useHydrated();
  if (hydrating && typeof document !== "undefined" && !recordings.has(formId)) {
    recordings.set(formId, recordTypedText(formId));
  }
  useLayoutEffect(() => {
    recordings.get(formId)?.();
    recordings.delete(formId);
    // Once, after the hydrating render.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** Each hydrating form's recording, by form id: one, however many times React renders the form before it commits. */
const recordings = new Map<string, () => void>();

/** Starts recording what is typed into the form's textareas; the function returned stops and puts it back. */
function recordTypedText(formId: string): () => void {
  const form = document.getElementById(formId);
  const textareas = () =>
    form instanceof HTMLFormElement ? [...form.elements].filter((field) => field instanceof HTMLTextAreaElement) : [];
  const typed = new Map<string, string>();
  let caret: [HTMLTextAreaElement, string, number, number, HTMLTextAreaElement["selectionDirection"]] | undefined;
  const remember = (textarea: HTMLTextAreaElement) => {
    const { value, selectionStart, selectionEnd, selectionDirection } = textarea;
    caret = [textarea, value, selectionStart, selectionEnd, selectionDirection];
  };
  for (const textarea of textareas()) {
    if (textarea.value !== textarea.defaultValue) typed.set(textarea.name, textarea.value);
    if (textarea === document.activeElement) remember(textarea);
  }
  const record = ({ type, target }: Event) => {
    if (!(target instanceof HTMLTextAreaElement) || target.form !== form) return;
    if (type === "input") typed.set(target.name, target.value);
    remember(target);
  };
  // On the window: React stops the input event of a field it has not hydrated yet at the document.
  const events = ["input", "select"];
  for (const type of events) window.addEventListener(type, record, true);
  return () => {
    for (const type of events) window.removeEventListener(type, record, true);
    // A recording left by a render React threw away belongs to a form no longer in the page.
    if (form !== document.getElementById(formId)) return;
    for (const textarea of textareas()) {
      const value = typed.get(textarea.name);
      if (value === undefined || textarea.value === value) continue;
      textarea.value = value;
      textarea.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (caret?.[0] === document.activeElement && caret[0].value === caret[1]) {
      // Setting the value marks the field as edited, so React's later renders, which set its default text again,
      // leave the value and the selection alone.
      caret[0].value = caret[1];
      caret[0].setSelectionRange(caret[2], caret[3], caret[4] ?? undefined);
    }
  };
}

/**
 * A form component that uses useDeferredZodForm, in its own Suspense boundary: while Conform is on its way the rest
 * of the page hydrates and the form stays the server's HTML (after a client-side navigation nothing shows in its
 * place meanwhile, briefly: Conform is one small file). Memoised, so a re-render of the page with the same props does
 * not reach a form still waiting to hydrate (React would replace its HTML with the empty fallback).
 */
export function withDeferredForm<Props extends object>(Form: ComponentType<Props>) {
  const DeferredForm = memo((props: Props) => {
    // React hydrates a Suspense boundary of the server's HTML after the root, whether Conform is there or not: the
    // page is marked hydrated once the boundary has (app/utils/hydrated.ts), not while its form is the server's HTML.
    const part = useId();
    hydratingPart(part);
    return createElement(
      Suspense,
      { fallback: null },
      createElement(Form, props),
      createElement(PartHydrated, { part }),
    );
  });
  DeferredForm.displayName = `Deferred(${Form.displayName ?? Form.name})`;
  return DeferredForm;
}

/** In a deferred form's boundary, so its effect runs when the boundary has hydrated. */
function PartHydrated({ part }: { part: string }) {
  useEffect(() => hydratedPart(part), [part]);
  return null;
}

/**
 * The validator loader for useDeferredZodForm: the schema's module and Conform's zod adapter, fetched together.
 * Pass a dynamic import, so the schema stays out of the page's own JavaScript.
 */
export function deferredZodCheck<Module, Schema extends z.ZodType<FormShape, FormShape>>(
  loadModule: () => Promise<Module>,
  pick: (module: Module) => Schema,
) {
  return async (): Promise<FormValidator<z.input<Schema>, z.output<Schema>>> => {
    const [module, { parseWithZod }] = await Promise.all([loadModule(), import("@conform-to/zod/v4")]);
    const schema = pick(module);
    return (formData) => parseWithZod(formData, { schema });
  };
}
