// The error view of the camera pages: the page's title, what went wrong, and a link on.
import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { Link } from "#app/components/link.tsx";
import { errorMessageOf } from "../error-views";

export function CameraErrorView({
  error,
  title,
  notFound,
  next,
}: {
  error: unknown;
  title: string;
  /** What a 404 shows instead: its title, and a message in place of the error's own. */
  notFound?: { title: string; message?: ReactNode };
  next: { to: string; label: string };
}) {
  const missing = notFound && isRouteErrorResponse(error) && error.status === 404 ? notFound : null;
  return (
    <section className="space-y-3">
      <h1 className="page-title">{missing ? missing.title : title}</h1>
      {missing?.message !== undefined ? (
        <p>{missing.message}</p>
      ) : missing ? (
        <p role="alert">{errorMessageOf(error)}</p>
      ) : (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Error {errorMessageOf(error)}
        </p>
      )}
      <p>
        <Link to={next.to}>{next.label}</Link>
      </p>
    </section>
  );
}
