// The error views: 'HTTP 404: Not Found' and 'Something went wrong!' with a Show/Hide Error toggle.
// They are not landmarks: a route's error boundary shows them inside its layout's <main>; top-level callers
// (the root error boundary, the 404 route) wrap them in one.
import { isRouteErrorResponse } from "react-router";

export function NotFoundView() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">HTTP 404: Not Found</h1>
      <p className="mt-4">
        <a href="/">Go to the home page</a>
      </p>
    </div>
  );
}

export function errorMessageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const body: unknown = error.data;
    if (body && typeof body === "object" && "detail" in body && typeof body.detail === "string") return body.detail;
    if (typeof body === "string" && body) return body;
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error) return error.message || "Unknown error";
  return "Unknown error";
}

/** A 503 (database or API down, or timing out): say plainly that it is temporary; no error toggle. */
function UnavailableView({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Temporarily unavailable</h1>
      <p className="mt-4">{message}</p>
      <p className="mt-4">
        <a href="">Try again</a>
      </p>
    </div>
  );
}

export function GenericErrorView({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  if (isRouteErrorResponse(error) && error.status === 503) return <UnavailableView message={errorMessageOf(error)} />;
  // In production the message is all that is shown: never a stack trace.
  const showStack = import.meta.env.DEV && error instanceof Error && error.stack;
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-2xl font-bold">Something went wrong!</h1>
      <details className="group mt-4">
        <summary className="btn cursor-pointer list-none [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">Show Error</span>
          <span className="hidden group-open:inline">Hide Error</span>
        </summary>
        <pre
          className={
            "mt-3 overflow-x-auto rounded bg-zinc-100 p-3 text-sm whitespace-pre-wrap text-red-700 " +
            "dark:bg-zinc-900 dark:text-red-400"
          }
        >
          {errorMessageOf(error)}
          {showStack ? `\n\n${error.stack}` : null}
        </pre>
      </details>
    </div>
  );
}
