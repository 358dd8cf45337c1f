// The site footer: where a visitor finds how to reach the owner, the legal pages and the API's description.
import { Link } from "#app/components/link.tsx";

const footerLinkClass = "text-zinc-700 underline-offset-2 hover:underline dark:text-zinc-300";

export function SiteFooter({ siteName }: { siteName: string }) {
  return (
    <footer className="mt-12 border-t border-zinc-200 dark:border-zinc-800">
      <div
        className={
          "mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-6 text-sm " +
          "text-zinc-600 dark:text-zinc-400"
        }
      >
        <p>{siteName}</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            <li>
              <Link to="/contact" className={footerLinkClass}>
                Contact
              </Link>
            </li>
            <li>
              <Link to="/terms" className={footerLinkClass}>
                Terms
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLinkClass}>
                Privacy
              </Link>
            </li>
            <li>
              {/* Written from the OpenAPI document of /api, which the schemas that check its requests generate. */}
              <Link to="/api-docs" className={footerLinkClass}>
                API documentation
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
