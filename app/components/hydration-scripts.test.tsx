import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "./hydration-scripts";

describe("lowerModulePreloadPriority", () => {
  it("fetches each module preload at low priority and leaves everything else as it is", () => {
    const preloads = ["/assets/a.js", "/assets/b.js"].map((href) => (
      <link key={href} rel="modulepreload" href={href} nonce="n" />
    ));
    const tree = (
      <>
        <link rel="modulepreload" href="/assets/entry.js" />
        {preloads}
        <link rel="stylesheet" href="/assets/site.css" />
        <>
          <script nonce="n" dangerouslySetInnerHTML={{ __html: "window.x = 1;" }} />
        </>
      </>
    );
    const html = renderToStaticMarkup(<div>{lowerModulePreloadPriority(tree)}</div>);
    const preloadTags = html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloadTags).toHaveLength(3);
    for (const tag of preloadTags) expect(tag).toMatch(/\sfetchPriority="low"/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
    expect(html).toContain('<script nonce="n">window.x = 1;</script>');
  });

  it("passes nothing, text and other elements through", () => {
    expect(lowerModulePreloadPriority(null)).toBeNull();
    expect(lowerModulePreloadPriority("text")).toBe("text");
    const script = <script src="/a.js" />;
    expect(lowerModulePreloadPriority(script)).toBe(script);
  });
});
