// Conform's useForm for public pages whose JavaScript must stay small: the same zod schema the action checks is
// checked in the browser too, but its code (zod and Conform's zod adapter, about 37 kB gzipped) loads when the
// browser is idle after the page, not with it. Until then a submit goes to the server, whose answer (the same
// schema) shows the same errors. The fields' HTML constraints come from the loader (`getZodConstraint` there), so the
// page without JavaScript gets required, maxLength and the rest as before.
import { parse, useForm, type Submission } from "@conform-to/react";
import { useEffect, useRef } from "react";
import type { z } from "zod";

type FormShape = Record<string, unknown>;
export type FormValidator<Input, Output> = (formData: FormData) => Submission<Input, string[], Output>;
type Constraint = Parameters<typeof useForm>[0]["constraint"];
type DeferredFormOptions<Input extends FormShape, Output> = Omit<
  Parameters<typeof useForm<Input, Output>>[0],
  "constraint" | "onValidate"
>;

/** Accepts everything: the server validates until the schema's code has loaded. */
const serverValidates = <Input, Output>(formData: FormData): Submission<Input, string[], Output> =>
  parse<Output, string[]>(formData, { resolve: (value) => ({ value: value as Output }) }) as unknown as Submission<
    Input,
    string[],
    Output
  >;

export function useDeferredZodForm<Input extends FormShape, Output>(
  loadValidator: () => Promise<FormValidator<Input, Output>>,
  constraint: Constraint,
  options: DeferredFormOptions<Input, Output> = {},
) {
  const validator = useRef<FormValidator<Input, Output> | null>(null);
  useEffect(() => {
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
  return useForm<Input, Output>({
    constraint,
    onValidate: ({ formData }) => (validator.current ?? serverValidates<Input, Output>)(formData),
    ...options,
  });
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
