// /terms and /privacy (route ids "terms" and "privacy"): the current site data entry of that type, rendered
// with the safe markdown renderer, with its version, date and an outline of its headings.
import { data } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/legal";
import { MarkdownView } from "#app/components/markdown-view.tsx";
import { Time } from "#app/components/time.tsx";
import { sessionContext } from "#app/context.ts";
import { apiGetOrThrow } from "#app/utils/api.server.ts";
import type { MarkdownHeading } from "#shared/markdown.ts";
import { pageMeta } from "#app/utils/meta.ts";
import type { CurrentSiteData, LegalPageType } from "#shared/contract/site-data.ts";

const PAGES: Record<LegalPageType, { title: string; description: string; other: LegalPageType }> = {
  terms: { title: "Terms", description: "The terms of use of this site and its API.", other: "privacy" },
  privacy: { title: "Privacy", description: "What this site stores about you, why, and for how long.", other: "terms" },
};

function legalTypeOf(request: Request): LegalPageType {
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  return path.endsWith("/privacy") ? "privacy" : "terms";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const type = legalTypeOf(request);
  // Rendered by /api when it was saved: a visitor never pays for rendering the markdown.
  const { entry, rendered } = await apiGetOrThrow<CurrentSiteData>(context, `/v1/site/data/current/${type}`);
  // A visitor without cookies gets a page that may be reused: for a minute by the browser, for 10 s by shared caches
  // (this server's page cache among them; a save empties it). Anyone else (signed in, a theme or a flash message)
  // always revalidates, so an administrator sees a save at once.
  const anonymous = !context.get(sessionContext).user && !request.headers.get("cookie");
  return data(
    {
      type,
      version: entry ? { number: entry.versionNum, createdAt: entry.created_at, updatedAt: entry.updated_at } : null,
      html: rendered?.html ?? "",
      headings: rendered?.headings ?? [],
    },
    { headers: { "Cache-Control": anonymous ? "public, max-age=60, s-maxage=10" : "private, no-cache" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-cache", Vary: "Cookie" };
}

export const meta: Route.MetaFunction = (args) => {
  const page = PAGES[args.loaderData?.type ?? "terms"];
  return pageMeta(args, { title: page.title, description: page.description });
};

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { type, version, html, headings } = loaderData;
  const page = PAGES[type];
  const other = PAGES[page.other];
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="page-title">{page.title}</h1>
      {version ? (
        <>
          <p className="mb-6 text-sm text-zinc-600 dark:text-zinc-400">
            Version {version.number}, dated <Time value={version.createdAt} />
            {Date.parse(version.updatedAt) - Date.parse(version.createdAt) > 60_000 ? (
              <>
                , last edited <Time value={version.updatedAt} />
              </>
            ) : null}
          </p>
          <Outline headings={headings} />
          <MarkdownView html={html} />
        </>
      ) : (
        <div className="card">
          <p>
            The {page.title.toLowerCase()} {type === "terms" ? "have" : "has"} not been published yet.
          </p>
          <p className="mt-2 text-zinc-700 dark:text-zinc-300">
            If you have a question in the meantime, <Link to="/contact">contact us</Link>.
          </p>
        </div>
      )}
      <p className="mt-10 border-t border-zinc-200 pt-4 text-sm dark:border-zinc-800">
        See also: <Link to={`/${page.other}`}>{other.title}</Link> · <Link to="/contact">Contact Us</Link>
      </p>
    </article>
  );
}

const INDENT = ["", "pl-4", "pl-8"];

/** Links to the document's headings; only worth showing when there are a few. */
function Outline({ headings }: { headings: MarkdownHeading[] }) {
  const listed = headings.filter((heading) => heading.level <= 3);
  if (listed.length < 2) return null;
  const top = Math.min(...listed.map((heading) => heading.level));
  return (
    <nav aria-label="On this page" className="mb-8 rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800">
      <p className="mb-2 font-semibold">On this page</p>
      <ul className="space-y-1">
        {listed.map((heading) => (
          <li key={heading.id} className={INDENT[heading.level - top] ?? "pl-8"}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
