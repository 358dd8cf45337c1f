// A labelled form field with its Conform errors, so every form shows errors the same way; and the submit button
// that says what it is doing while the form is in flight.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

type InputType = "text" | "email" | "password" | "number" | "url" | "search" | "datetime-local" | "hidden";
/** A Conform field of any value type: what is posted is text either way. */
type AnyField = FieldMetadata<unknown>;

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors.join(" ")}
    </p>
  );
}

/** The small grey text under a control. */
function FieldHint({ children }: { children: ReactNode }) {
  return <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{children}</p>;
}

/**
 * A label, the control(s) given as children, an optional hint and the field's errors. InputField, TextareaField
 * and SelectField are this with their control; a field whose control is special (a JSON tree, a datalist) uses it
 * directly.
 */
export function Field({
  field,
  label,
  hint,
  children,
}: {
  field: Pick<AnyField, "id" | "errorId" | "errors">;
  label: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      {children}
      {hint ? <FieldHint>{hint}</FieldHint> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function InputField({
  field,
  label,
  type = "text",
  hint,
  ...rest
}: {
  field: AnyField;
  label: ReactNode;
  type?: InputType;
  hint?: ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <Field field={field} label={label} hint={hint}>
      <input {...getInputProps(field, { type })} className="input" {...rest} />
    </Field>
  );
}

export function TextareaField({
  field,
  label,
  hint,
  ...rest
}: {
  field: AnyField;
  label: ReactNode;
  hint?: ReactNode;
} & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field field={field} label={label} hint={hint}>
      <textarea {...getTextareaProps(field)} className="input" {...rest} />
    </Field>
  );
}

/** A select of the given options, each shown as its value unless a label is given. */
export function SelectField({
  field,
  label,
  options,
  hint,
  ...rest
}: {
  field: AnyField;
  label: ReactNode;
  options: readonly (string | { value: string; label: string })[];
  hint?: ReactNode;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field field={field} label={label} hint={hint}>
      <select {...getSelectProps(field)} className="input" {...rest}>
        {options.map((option) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </Field>
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

/**
 * A form's submit button: disabled and showing `busyLabel` while the form is in flight. With `intent` it posts
 * name="intent" with that value, for actions that do more than one thing.
 */
export function SubmitButton({
  busy,
  busyLabel,
  intent,
  primary = true,
  children,
  ...rest
}: {
  busy: boolean;
  busyLabel: string;
  intent?: string;
  /** The page's main button (filled); false for a secondary one. */
  primary?: boolean;
  children: ReactNode;
} & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type" | "name" | "value" | "disabled">) {
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      className={primary ? "btn btn-primary" : "btn"}
      disabled={busy}
      {...rest}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
