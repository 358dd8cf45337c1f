// What an API key may do: listed under its name in the table, and one checkbox per scope in the form (plain form
// fields, so granting and narrowing work without JavaScript).
import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "#app/components/field.tsx";
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope } from "#shared/contract/api-keys-vocabulary.ts";

/** A key's scopes, under its name: an administrator narrows them in the form. */
export function ScopeList({ scopes, serviceName }: { scopes: readonly ApiKeyScope[]; serviceName: string }) {
  return (
    <ul aria-label={`Scopes of ${serviceName}`} className="mt-1 flex flex-wrap gap-1 text-xs">
      {scopes.length === 0 ? (
        <li className="text-zinc-600 dark:text-zinc-400">No scopes: this key can do nothing.</li>
      ) : (
        scopes.map((scope) => (
          <li key={scope} title={API_KEY_SCOPE_LABELS[scope]}>
            <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">{scope}</code>
          </li>
        ))
      )}
    </ul>
  );
}

/** One box per scope, ticked as the field's value says (a new key's: upload only). */
export function ScopeBoxes({ field }: { field: FieldMetadata<ApiKeyScope[] | undefined> }) {
  return (
    <fieldset aria-describedby={field.errorId}>
      <legend className="label">What this key may do</legend>
      <div className="space-y-1">
        {getCollectionProps(field, { type: "checkbox", options: [...API_KEY_SCOPES] }).map(({ key, ...box }) => (
          <label key={key} htmlFor={box.id} className="flex items-center gap-2 text-sm">
            <input {...box} className="size-4" />
            {API_KEY_SCOPE_LABELS[box.value as ApiKeyScope]} <code className="text-xs">{box.value}</code>
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
