// One /api operation on the documentation page: method and path, what it does, who may call it, its parameters,
// its request body and its answers.
import {
  authenticationOf,
  constraintsOf,
  isErrorBody,
  TYPE_CLASS,
  typeLabel,
  type OpenApiDocument,
  type OperationEntry,
} from "./openapi-model";
import { SchemaView } from "./schema-view";

const METHOD_COLOURS: Record<string, string> = {
  get: "bg-blue-50 text-blue-900 ring-blue-300 dark:bg-blue-950 dark:text-blue-100 dark:ring-blue-700",
  post: "bg-green-50 text-green-900 ring-green-300 dark:bg-green-950 dark:text-green-100 dark:ring-green-700",
  put: "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700",
  delete: "bg-red-50 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-100 dark:ring-red-700",
};

export function OperationView({ doc, entry }: { doc: OpenApiDocument; entry: OperationEntry }) {
  const { method, path, operation, anchor } = entry;
  const auth = authenticationOf(doc, operation);
  const parameters = operation.parameters ?? [];
  const body = Object.entries(operation.requestBody?.content ?? {});
  const responses = Object.entries(operation.responses ?? {});
  return (
    <section id={anchor} aria-labelledby={`${anchor}-title`} className="card space-y-3">
      <h3 id={`${anchor}-title`} className="flex flex-wrap items-baseline gap-2 text-base font-semibold">
        <span
          className={
            "rounded px-1.5 py-0.5 font-mono text-xs font-bold uppercase ring-1 ring-inset " +
            (METHOD_COLOURS[method] ?? METHOD_COLOURS.get)
          }
        >
          {method}
        </span>
        <code className="break-all">{path}</code>
      </h3>
      {operation.summary ? <p className="font-medium">{operation.summary}</p> : null}
      {operation.description ? <p className="text-sm">{operation.description}</p> : null}
      <p className="text-sm">
        <span className="font-medium">Authentication: </span>
        {auth ? auth.join(", or ") : "none"}
      </p>
      {parameters.length ? (
        <div className="table-wrap overflow-x-auto">
          <table className="data-table">
            <caption className="sr-only">Parameters of {`${method.toUpperCase()} ${path}`}</caption>
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">In</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {parameters.map((parameter) => {
                const notes = parameter.schema ? constraintsOf(parameter.schema, doc) : [];
                const description = parameter.description ?? parameter.schema?.description;
                return (
                  <tr key={`${parameter.in}-${parameter.name}`}>
                    <td>
                      <code className="font-semibold">{parameter.name}</code>
                      {parameter.required ? <span className="block text-xs font-medium">required</span> : null}
                    </td>
                    <td>{parameter.in}</td>
                    <td>
                      <code className={TYPE_CLASS}>{parameter.schema ? typeLabel(doc, parameter.schema) : "any"}</code>
                    </td>
                    <td>
                      {description}
                      {notes.length ? (
                        <span className="block text-xs text-zinc-700 dark:text-zinc-300">{notes.join("; ")}</span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {body.map(([contentType, content]) => (
        <details key={contentType} className="text-sm">
          <summary className="cursor-pointer font-medium">
            Request body ({contentType}){operation.requestBody?.required ? ", required" : ""}
          </summary>
          <div className="mt-2">{content.schema ? <SchemaView doc={doc} schema={content.schema} /> : null}</div>
        </details>
      ))}
      <div className="text-sm">
        <p className="font-medium">Answers</p>
        <ul className="mt-1 space-y-1">
          {responses.map(([status, response]) => {
            const contents = Object.entries(response.content ?? {});
            const shown = contents.filter(([, content]) => content.schema && !isErrorBody(doc, content.schema));
            return (
              <li key={status}>
                <code className="font-semibold">{status}</code> {response.description}
                {contents.length && !shown.length ? (
                  <span className="text-zinc-700 dark:text-zinc-300"> (error body)</span>
                ) : null}
                {shown.map(([contentType, content]) => (
                  <details key={contentType} className="mt-1 pl-4">
                    <summary className="cursor-pointer">Answer body ({contentType})</summary>
                    <div className="mt-2">
                      <SchemaView doc={doc} schema={content.schema!} />
                    </div>
                  </details>
                ))}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
