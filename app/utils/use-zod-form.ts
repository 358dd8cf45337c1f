// Conform's useForm set up the one way every admin form uses it: the Zod schema that the action checks is also
// checked in the browser (a field on leaving it, again on every keystroke once it has an error), and gives the
// fields their HTML constraints (required, maxLength, ...) for the page without JavaScript.
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

type FormShape = Record<string, unknown>;
type ZodFormOptions<Schema extends z.ZodType<FormShape, FormShape>> = Omit<
  Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0],
  "constraint" | "onValidate"
>;

export function useZodForm<Schema extends z.ZodType<FormShape, FormShape>>(
  schema: Schema,
  options: ZodFormOptions<Schema> = {},
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    ...options,
  });
}
