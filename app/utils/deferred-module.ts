// A module a hydrating page needs only to enhance what the server already rendered (Conform's form state, the
// markdown renderer): the browser fetches it when a component first asks, not with the page, and the server has it
// loaded before its first render. A component reads it with React's `use(loadModule())`: on the server it is there
// at once; in the browser, while it is on its way, the component's Suspense boundary keeps the server's HTML (a form
// in it posts as plain HTML) and hydrates when the module arrives.

/** A promise that React's `use()` reads without suspending once it has settled (React reads status and value). */
type TrackedPromise<T> = Promise<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

export function deferredModule<T>(importModule: () => Promise<T>): () => Promise<T> {
  let loading: TrackedPromise<T> | undefined;
  const load = () => {
    if (!loading) {
      const tracked: TrackedPromise<T> = importModule();
      tracked.status = "pending";
      tracked.then(
        (value) => {
          tracked.status = "fulfilled";
          tracked.value = value;
        },
        (reason: unknown) => {
          tracked.status = "rejected";
          tracked.reason = reason;
          // A failed download (a new deployment, the network) is tried again on the next render that asks.
          loading = undefined;
        },
      );
      loading = tracked;
    }
    return loading;
  };
  // The server renders every request at once, so it loads the module when it starts.
  if (typeof document === "undefined") void load().catch(() => {});
  return load;
}
