// The /api documentation as a page, written from the OpenAPI document: how to authenticate and what failures look
// like, then every operation grouped by tag. Plain HTML: the request and answer bodies fold into <details>.
import { operationsByTag, type OpenApiDocument } from "./openapi-model";
import { OperationView } from "./operation-view";

export function ApiDocsView({ doc }: { doc: OpenApiDocument }) {
  const groups = operationsByTag(doc);
  return (
    <article className="space-y-6 [overflow-wrap:anywhere]">
      <header className="space-y-3">
        <h1 className="page-title mb-1">API documentation</h1>
        <p>
          {doc.info.title}, version {doc.info.version}. Every path below is on this site; requests and answers are JSON
          unless an operation says otherwise. The same description, machine-readable, is{" "}
          <a href="/api/openapi.json" type="application/json">
            /api/openapi.json
          </a>{" "}
          (OpenAPI {doc.openapi}).
        </p>
      </header>

      <section aria-labelledby="api-auth-title" className="space-y-2">
        <h2 id="api-auth-title" className="text-xl font-semibold">
          Authentication
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong>API key</strong>: an <code>x-api-key</code> header holding a key an administrator created (API keys
            in the admin area). The camera probe app uploads reports with it (
            <a href="#post-api-camera-reports">POST /api/camera/reports</a>); the key/value service takes it too.
          </li>
          <li>
            <strong>Session</strong>: <code>POST /api/auth/login</code> answers a token; send it as{" "}
            <code>Authorization: Bearer &lt;token&gt;</code>. A browser signed in to this site sends its session cookie
            instead. Operations for signed-in users answer 401 without one, an administrator&apos;s operations 403 for
            anyone else.
          </li>
          <li>Reading camera reports (the list, one report, its download and the exports) needs no authentication.</li>
        </ul>
        <p>
          Every failure answers the same body: <code>{"{detail, status_code, errors: [{field, message}]}"}</code>, a
          sentence for people, the status again, and one entry per refused field.
        </p>
      </section>

      <nav aria-labelledby="api-contents-title">
        <h2 id="api-contents-title" className="text-xl font-semibold">
          Contents
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {groups.map((group) => (
            <li key={group.tag}>
              <a href={`#${group.anchor}`}>{group.tag}</a> ({group.operations.length})
            </li>
          ))}
        </ul>
      </nav>

      {groups.map((group) => (
        <section key={group.tag} aria-labelledby={group.anchor} className="space-y-3">
          <h2 id={group.anchor} className="text-xl font-semibold capitalize">
            {group.tag}
          </h2>
          {group.operations.map((entry) => (
            <OperationView key={entry.anchor} doc={doc} entry={entry} />
          ))}
        </section>
      ))}
    </article>
  );
}
