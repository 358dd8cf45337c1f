// A JSON schema as nested lists: each field with its type, whether it is required, its constraints and its
// description, and the fields of an object inside it (an object's, a list's items', a nullable object's).
import { constraintsOf, resolve, TYPE_CLASS, typeLabel, type JsonSchema, type OpenApiDocument } from "./openapi-model";

/** Deeper than this the page says "…": the report upload's cameras are the deepest, at five levels. */
const MAX_DEPTH = 7;

/** The object whose fields a schema shows: itself, its items, or the object among its variants. */
function objectInside(doc: OpenApiDocument, raw: JsonSchema): JsonSchema | null {
  const schema = resolve(doc, raw);
  if (schema.properties && Object.keys(schema.properties).length) return schema;
  if (schema.items) return objectInside(doc, schema.items);
  for (const variant of schema.anyOf ?? schema.oneOf ?? []) {
    const inner = objectInside(doc, variant);
    if (inner) return inner;
  }
  return null;
}

export function SchemaView({ doc, schema }: { doc: OpenApiDocument; schema: JsonSchema }) {
  const resolved = resolve(doc, schema);
  const notes = constraintsOf(resolved, doc);
  return (
    <div className="space-y-1 text-sm">
      <p>
        <code className={TYPE_CLASS}>{typeLabel(doc, resolved)}</code>
        {notes.length ? <span className="text-zinc-700 dark:text-zinc-300"> · {notes.join("; ")}</span> : null}
        {resolved.description ? <span> — {resolved.description}</span> : null}
      </p>
      <Fields doc={doc} schema={resolved} depth={0} />
    </div>
  );
}

function Fields({ doc, schema, depth }: { doc: OpenApiDocument; schema: JsonSchema; depth: number }) {
  const object = objectInside(doc, schema);
  if (!object?.properties) return null;
  if (depth >= MAX_DEPTH) return <p className="pl-4">…</p>;
  const required = new Set(object.required ?? []);
  return (
    <ul className="space-y-1 border-l border-zinc-200 pl-4 dark:border-zinc-700">
      {Object.entries(object.properties).map(([name, field]) => {
        const resolved = resolve(doc, field);
        const notes = constraintsOf(resolved, doc);
        return (
          <li key={name}>
            <code className="font-semibold">{name}</code> <code className={TYPE_CLASS}>{typeLabel(doc, resolved)}</code>
            {required.has(name) ? <span className="font-medium"> required</span> : null}
            {notes.length ? <span className="text-zinc-700 dark:text-zinc-300"> · {notes.join("; ")}</span> : null}
            {resolved.description ? <span> — {resolved.description}</span> : null}
            <Fields doc={doc} schema={resolved} depth={depth + 1} />
          </li>
        );
      })}
    </ul>
  );
}
