// A labelled form field with its Conform errors, so every form shows errors the same way.
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

type InputType = "text" | "email" | "password" | "number" | "url" | "search" | "datetime-local" | "hidden";

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors.join(" ")}
    </p>
  );
}

export function InputField({
  field,
  label,
  type = "text",
  hint,
  ...rest
}: {
  field: FieldMetadata<string | number | undefined | null>;
  label: ReactNode;
  type?: InputType;
  hint?: ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <input {...getInputProps(field, { type })} className="input" {...rest} />
      {hint ? <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextareaField({
  field,
  label,
  hint,
  ...rest
}: {
  field: FieldMetadata<string | undefined | null>;
  label: ReactNode;
  hint?: ReactNode;
} & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <textarea {...getTextareaProps(field)} className="input" {...rest} />
      {hint ? <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Form-level errors (Conform's form.errors), shown in red above the buttons. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="field-error">
      {errors.join(" ")}
    </p>
  );
}
