// 'Loading...' while a client navigation waits for its data: the page a visitor leaves stays in place
// until the next one has loaded, so this says something is happening. Without JavaScript the browser shows it.
import { useNavigation } from "react-router";

export function NavigationStatus() {
  const navigation = useNavigation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-2 z-40 flex justify-center"
    >
      {navigation.state === "loading" ? (
        <span className="rounded-full bg-blue-700 px-4 py-1 text-sm font-medium text-white shadow-lg dark:bg-blue-600">
          Loading...
        </span>
      ) : null}
    </div>
  );
}
