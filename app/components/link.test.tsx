import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Link, NavLink, PlainLinksProvider } from "./link";

describe("Link", () => {
  it("is a plain anchor on a page that will not hydrate, without the router's props", () => {
    const html = renderToStaticMarkup(
      <PlainLinksProvider value={true}>
        <Link to="/camera2/abc?x=1" className="font-medium" prefetch="intent" replace aria-label="Report">
          Report
        </Link>
      </PlainLinksProvider>,
    );
    expect(html).toBe('<a href="/camera2/abc?x=1" class="font-medium" aria-label="Report">Report</a>');
  });

  it("leaves a relative path to the router, which resolves it against the current page", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={["/camera2/report_list"]}>
        <PlainLinksProvider value={true}>
          <Link to="../stats">Statistics</Link>
        </PlainLinksProvider>
      </MemoryRouter>,
    );
    expect(html).toContain('href="/stats"');
  });

  it("is React Router's Link wherever React runs in the browser", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={["/"]}>
        <Link to="/camera2/abc">Report</Link>
      </MemoryRouter>,
    );
    expect(html).toBe('<a href="/camera2/abc" data-discover="true">Report</a>');
  });
});

describe("NavLink", () => {
  const activeClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav on" : "nav");
  const cases: { at: string; to: string; end?: boolean; className?: string | typeof activeClass }[] = [
    { at: "/", to: "/", end: true, className: activeClass },
    { at: "/camera2/report_list", to: "/", end: true, className: activeClass },
    { at: "/camera2/report_list", to: "/camera2/report_list", className: activeClass },
    { at: "/Camera2/Report_List/", to: "/camera2/report_list", className: "nav" },
    { at: "/camera2/report_list/more", to: "/camera2/report_list", className: "nav" },
    { at: "/camera2/report_list/more", to: "/camera2/report_list", end: true },
    { at: "/camera2/report_listing", to: "/camera2/report_list", className: activeClass },
    { at: "/account/login", to: "/account/login/" },
  ];

  it.each(cases)(
    "at $at, to $to (end: $end) is the anchor React Router's NavLink renders",
    ({ at, to, end, className }) => {
      const render = (plain: boolean) =>
        renderToStaticMarkup(
          <MemoryRouter initialEntries={[at]}>
            <PlainLinksProvider value={plain}>
              <NavLink to={to} end={end} className={className}>
                Link
              </NavLink>
            </PlainLinksProvider>
          </MemoryRouter>,
        );
      expect(render(true)).toBe(render(false).replace(' data-discover="true"', ""));
    },
  );
});
