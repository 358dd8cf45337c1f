// /api-docs: the /api documentation, rendered on the server from /api/openapi.json, so it always describes the
// API this server runs. No JavaScript.
import { isRouteErrorResponse, useLoaderData, useRouteError } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/api-docs";
import { ApiDocsView } from "~/components/api-docs/api-docs-view";
import type { OpenApiDocument } from "~/components/api-docs/openapi-model";
import { errorMessageOf } from "~/components/error-views";
import { apiGetOrThrow } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta";
import { renderOnlyData, useRenderOnlyData } from "~/utils/render-only-data";

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
