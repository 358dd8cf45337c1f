import { describe, expect, it } from "vitest";
import { escapeHtml, renderMarkdown, safeUrl, slugify } from "./markdown";

const ALLOWED_TAGS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "a",
  "img",
  "em",
  "strong",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "input",
  "hr",
  "br",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);
const ALLOWED_ATTRIBUTES = new Set([
  "href",
  "title",
  "rel",
  "id",
  "src",
  "alt",
  "loading",
  "referrerpolicy",
  "class",
  "start",
  "align",
  "type",
  "checked",
  "disabled",
]);

/**
 * Parses every tag of the output and fails on anything that could run script: a tag or attribute outside the
 * allowlist (no on* handlers, no style), or a link or image whose target is not http, https or mailto.
 */
function expectInert(html: string): void {
  const tag = /<\/?([a-zA-Z][\w-]*)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*\/?>/g;
  const withoutTags = html.replace(tag, (_whole, name: string, attributes: string) => {
    expect(ALLOWED_TAGS, `tag <${name}>`).toContain(name.toLowerCase());
    for (const [, attribute, value = ""] of attributes.matchAll(/\s+([\w-]+)(?:="([^"]*)")?/g)) {
      expect(ALLOWED_ATTRIBUTES, `attribute ${attribute} of <${name}>`).toContain(attribute!.toLowerCase());
      if (attribute === "href" || attribute === "src") {
        const decoded = value
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&amp;/g, "&");
        expect(["http:", "https:", "mailto:"]).toContain(new URL(decoded, "https://site.example/").protocol);
      }
    }
    return "";
  });
  // Whatever is left is text: a "<" there would start markup the parser above did not understand.
  expect(withoutTags).not.toMatch(/[<>]/);
}

describe("renderMarkdown", () => {
  it("renders ordinary markdown: emphasis, lists, tables, code, links", () => {
    const { html } = renderMarkdown(
      "Some *em* and **strong** and ~~gone~~.\n\n- one\n- two\n\n1. first\n\n| a | b |\n|---|---|\n| 1 | 2 " +
        "|\n\n`code` [site](https://example.com/x?a=1&b=2)\n\n```ts\nconst a = 1 < 2;\n```",
    );
    expect(html).toContain("<em>em</em>");
    expect(html).toContain("<strong>strong</strong>");
    expect(html).toContain("<del>gone</del>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<td>2</td>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain('<a href="https://example.com/x?a=1&amp;b=2" rel="nofollow noopener noreferrer">site</a>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2;\n</code></pre>');
    expectInert(html);
  });

  it("shows raw HTML as text, block and inline", () => {
    const { html } = renderMarkdown(
      '<div onclick="x()">\n<b>hi</b>\n</div>\n\nInline <span style="color:red">red</span> & <!-- note -->',
    );
    expect(html).toContain("&lt;div onclick=&quot;x()&quot;&gt;");
    expect(html).toContain("&lt;b&gt;hi&lt;/b&gt;");
    expect(html).toContain("Inline &lt;span style=&quot;color:red&quot;&gt;red&lt;/span&gt; &amp; &lt;!-- note --&gt;");
    expectInert(html);
  });

  it("keeps character references as the characters they name", () => {
    const { html } = renderMarkdown("&copy; 2025 &#60;not a tag&#62; AT&T");
    expect(html).toBe("<p>&copy; 2025 &lt;not a tag&gt; AT&amp;T</p>\n");
  });

  const xssPayloads: Array<[string, string]> = [
    ["script tag", "<script>alert(1)</script>"],
    ["script tag inside text", "a <script>x <img src=x onerror=alert(1)//</script> b"],
    ["img onerror", "<img src=x onerror=alert(1)>"],
    ["svg onload", "<svg onload=alert(1)><circle/></svg>"],
    ["iframe", '<iframe src="javascript:alert(1)"></iframe>'],
    ["raw anchor", '<a href="javascript:alert(1)">click</a>'],
    ["style tag", "<style>body{display:none}</style>"],
    ["javascript link", "[x](javascript:alert(1))"],
    ["mixed-case scheme", "[x](JaVaScRiPt:alert(1))"],
    ["scheme with tab", "[x](java\tscript:alert(1))"],
    ["scheme with leading space", "[x]( javascript:alert(1))"],
    ["scheme in angle brackets", "[x](<javascript:alert(1)>)"],
    ["encoded colon", "[x](javascript&#58;alert(1))"],
    ["encoded letters", "[x](&#106;avascript:alert(1))"],
    ["escaped colon", "[x](javascript\\:alert(1))"],
    ["data URL", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["vbscript", "[x](vbscript:msgbox(1))"],
    ["file URL", "[x](file:///etc/passwd)"],
    ["autolink", "<javascript:alert(1)>"],
    ["reference link", "[x][evil]\n\n[evil]: javascript:alert(1)"],
    ["image with javascript", "![x](javascript:alert(1))"],
    ["image with data URL", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
    ["title breaking out", '[x](https://example.com "a\\" onmouseover=\\"alert(1)")'],
    ["alt breaking out", '![a" onerror="alert(1)](https://example.com/i.png)'],
    ["href breaking out", '[x](https://example.com/"onmouseover="alert(1))'],
    ["heading with html", "# <img src=x onerror=alert(1)> title"],
    ["table cell html", "| a |\n|---|\n| <img src=x onerror=alert(1)> |"],
    ["code span", "`<script>alert(1)</script>`"],
    ["fenced code with tricky language", '```"><script>alert(1)</script>\nx\n```'],
    ["html comment trick", "<!--><img src=x onerror=alert(1)>-->"],
    ["unclosed tag", "<img src=x onerror=alert(1)"],
    ["link text html", "[<img src=x onerror=alert(1)>](https://example.com)"],
  ];

  it.each(xssPayloads)("neutralises %s", (_name, payload) => {
    const { html } = renderMarkdown(payload);
    expectInert(html);
    expect(html.toLowerCase()).not.toMatch(/<(script|iframe|svg|style)\b/);
    expect(html.toLowerCase()).not.toMatch(/(href|src)="\s*(javascript|data|vbscript|file):/);
  });

  it("drops the target of refused links but keeps their text", () => {
    expect(renderMarkdown("[click me](javascript:alert(1))").html).toBe("<p>click me</p>\n");
    expect(renderMarkdown("![a picture](data:image/png;base64,AAAA)").html).toBe("<p>a picture</p>\n");
  });

  it("allows http, https and mailto links, and relative links on this site", () => {
    const { html } = renderMarkdown(
      "[a](http://a.example) [b](https://b.example) [c](mailto:c@example.com) [d](/privacy) [e](#top)",
    );
    expect(html).toContain('<a href="http://a.example" rel="nofollow noopener noreferrer">a</a>');
    expect(html).toContain('<a href="https://b.example" rel="nofollow noopener noreferrer">b</a>');
    expect(html).toContain('<a href="mailto:c@example.com">c</a>');
    expect(html).toContain('<a href="/privacy">d</a>');
    expect(html).toContain('<a href="#top">e</a>');
  });

  it("gives headings unique prefixed ids and returns the outline", () => {
    const { html, headings } = renderMarkdown(
      "# Terms\n\n## Your *data*\n\n## Your data\n\n## Your data 2\n\n### Émile & Co",
      { headingOffset: 1 },
    );
    expect(headings).toEqual([
      { level: 2, text: "Terms", id: "section-terms" },
      { level: 3, text: "Your data", id: "section-your-data" },
      { level: 3, text: "Your data", id: "section-your-data-2" },
      { level: 3, text: "Your data 2", id: "section-your-data-2-2" },
      { level: 4, text: "Émile & Co", id: "section-emile-co" },
    ]);
    expect(html).toContain('<h3 id="section-your-data">Your <em>data</em></h3>');
    expect(renderMarkdown("###### deep", { headingOffset: 3 }).headings[0]!.level).toBe(6);
    expect(renderMarkdown("# x", { idPrefix: "doc-" }).headings[0]!.id).toBe("doc-x");
  });

  it("renders the largest site data entry (200,000 characters) fast", () => {
    const section = "## Section\n\nSome text with a [link](https://example.com) and *emphasis*.\n\n- a\n- b\n\n";
    const markdown = section.repeat(Math.ceil(200_000 / section.length));
    const started = performance.now();
    const { headings } = renderMarkdown(markdown);
    expect(headings.length).toBeGreaterThan(1000);
    // About 0.3 s here; the bound is loose because the test machine is shared.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("numbers thousands of identical headings in linear time", () => {
    const started = performance.now();
    const { headings } = renderMarkdown("# a\n\n".repeat(20_000));
    expect(headings.at(-1)!.id).toBe("section-a-20000");
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("helpers", () => {
  it("escapes every markup character", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
    );
  });

  it("accepts only allowed schemes", () => {
    expect(safeUrl("https://example.com")).toBe("https://example.com");
    expect(safeUrl(" /terms ")).toBe("/terms");
    expect(safeUrl("javascript:alert(1)")).toBeNull();
    expect(safeUrl("\u0001javascript:alert(1)")).toBeNull();
    expect(safeUrl("mailto:a@b.example", new Set(["https:"]))).toBeNull();
    expect(safeUrl("http://[bad")).toBeNull();
  });

  it("slugifies text of any script", () => {
    expect(slugify("  Hello, World!  ")).toBe("hello-world");
    expect(slugify("Über Größe")).toBe("uber-große");
    expect(slugify("データ 保護")).toBe("データ-保護");
    expect(slugify("!!!")).toBe("section");
  });
});
