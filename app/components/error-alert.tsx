// What a page could not do (a list that did not load, an action that failed without JavaScript), in red above
// the content and announced as it appears. Renders nothing when there is no message.
import type { ReactNode } from "react";

export function ErrorAlert({ message }: { message: ReactNode }) {
  if (message === null || message === undefined || message === false || message === "") return null;
  return (
    <p role="alert" className="mb-4 text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}
