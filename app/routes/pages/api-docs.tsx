// /api-docs: the /api documentation, rendered on the server from /api/openapi.json, so it always describes the
// API this server runs. No JavaScript.
import { isRouteErrorResponse, useLoaderData, useRouteError } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/api-docs";
import { ApiDocsView } from "#app/components/api-docs/api-docs-view.tsx";
import type { OpenApiDocument } from "#app/components/api-docs/openapi-model.ts";
import { errorMessageOf } from "#app/components/error-views.tsx";
import { apiGetOrThrow } from "#app/utils/api.server.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { renderOnlyData, useRenderOnlyData } from "#app/utils/render-only-data.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { doc: renderOnlyData(request, await apiGetOrThrow<OpenApiDocument>(context, "/openapi.json")) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "API documentation",
    description:
      "How to upload camera reports from the probe app and read or export them: every /api operation with its " +
      "parameters, bodies, answers and authentication.",
    canonicalPath: "/api-docs",
  });

export default function ApiDocs() {
  const doc = useRenderOnlyData(useLoaderData<typeof loader>().doc);
  return <ApiDocsView doc={doc} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <section className="space-y-3">
      <h1 className="page-title">API documentation</h1>
      <p role="alert" className="text-red-700 dark:text-red-400">
        Error {isRouteErrorResponse(error) ? `${error.status} ` : ""}
        {errorMessageOf(error)}
      </p>
      <p>
        The machine-readable description may still be at <a href="/api/openapi.json">/api/openapi.json</a>.{" "}
        <Link to=".">Try again</Link>
      </p>
    </section>
  );
}
