// THE safe markdown renderer (marked): for text written by administrators and shown to everyone.
// - Raw HTML in the markdown is shown as text, never interpreted.
// - Links and images keep their target only when it resolves to http, https or mailto (images: http and https);
//   anything else (javascript:, data:, vbscript:…) is rendered as plain text.
// - Headings get stable, unique, prefixed ids and are returned as an outline for a table of contents.
// It runs the same on the server (/api renders terms and privacy when they are saved) and in the browser (live
// previews).
import { Marked, type Token, type Tokens } from "marked";
import { markdownNestingProblem } from "./markdown-nesting";

export interface MarkdownHeading {
  /** The rendered heading level (after `headingOffset`), 1–6. */
  level: number;
  /** Plain text of the heading, for an outline. */
  text: string;
  /** The id attribute of the rendered heading: link to it with `#${id}`. */
  id: string;
}

export interface RenderedMarkdown {
  html: string;
  headings: MarkdownHeading[];
}

export interface MarkdownOptions {
  /** Added to every heading level, e.g. 1 when the page already has its own <h1>. Levels stop at 6. */
  headingOffset?: number;
  /** Prefix of heading ids, so they never clash with the page's own ids (e.g. "main"). */
  idPrefix?: string;
}

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);
const IMAGE_PROTOCOLS = new Set(["http:", "https:"]);
// Relative targets are resolved against a placeholder https origin: they stay on this site, so they are https too.
const RELATIVE_BASE = "https://relative.invalid/";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes every character that could end a text node or an attribute value, ampersands included. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * For text nodes: like escapeHtml, but an existing character reference ("&copy;", "&#169;") is kept, so the
 * author's entities show as the characters they name. A reference can only ever decode to text.
 */
function escapeText(text: string): string {
  return text.replace(/[<>"']|&(?!(?:#\d{1,7}|#[Xx][\da-fA-F]{1,6}|\w+);)/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * The target as the browser will use it, or null when it is not allowed. The browser strips the same
 * whitespace and control characters the WHATWG URL parser strips here, so "java\tscript:" is caught too.
 */
export function safeUrl(href: string, allowed: ReadonlySet<string> = LINK_PROTOCOLS): string | null {
  let url: URL;
  try {
    url = new URL(href, RELATIVE_BASE);
  } catch {
    return null;
  }
  if (!allowed.has(url.protocol)) return null;
  return href.trim();
}

/** Lower-case words joined by hyphens; letters of any script are kept. */
export function slugify(text: string): string {
  return (
    text
      .normalize("NFKD")
      // Latin accents go ("é" → "e"); other scripts keep their marks ("デ" stays "デ").
      .replace(/[\u0300-\u036f]/g, "")
      .normalize("NFC")
      .toLowerCase()
      .replace(/[^\p{Letter}\p{Number}\p{Mark}]+/gu, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "section"
  );
}

/** The readable text of inline tokens: what a heading says, without markup. */
function plainText(tokens: Token[] | undefined): string {
  if (!tokens) return "";
  return tokens
    .map((token) => {
      if ("tokens" in token && Array.isArray(token.tokens) && token.tokens.length > 0) return plainText(token.tokens);
      if (token.type === "image") return (token as Tokens.Image).text;
      if (token.type === "br") return " ";
      return "text" in token && typeof token.text === "string" ? decodeBasicEntities(token.text) : "";
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

const BASIC_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

function decodeBasicEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => BASIC_ENTITIES[name] ?? "");
}

function titleAttribute(title: string | null | undefined): string {
  return title ? ` title="${escapeHtml(title)}"` : "";
}

/** Renders markdown to HTML that is safe to insert into a page, with the outline of its headings. */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): RenderedMarkdown {
  // Text saved before the nesting limit, or from elsewhere: shown as it is, never handed to the recursive parser.
  const tooDeep = markdownNestingProblem(markdown);
  if (tooDeep)
    return {
      html: `<p>${escapeHtml(tooDeep)} It is shown as plain text.</p>\n<pre>${escapeHtml(markdown)}</pre>\n`,
      headings: [],
    };
  const headingOffset = Math.max(0, Math.floor(options.headingOffset ?? 0));
  const idPrefix = options.idPrefix ?? "section-";
  const headings: MarkdownHeading[] = [];
  const usedIds = new Set<string>();
  // Where to resume counting for a repeated heading, so a thousand "Section" headings stay linear.
  const nextSuffix = new Map<string, number>();

  const marked = new Marked({
    gfm: true,
    breaks: false,
    async: false,
    renderer: {
      html({ text, block }: Tokens.HTML | Tokens.Tag) {
        const escaped = escapeHtml(text);
        return block ? `<p>${escaped.trim()}</p>\n` : escaped;
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(6, depth + headingOffset);
        const text = plainText(tokens);
        const base = idPrefix + slugify(text);
        let id = base;
        if (usedIds.has(id)) {
          let n = nextSuffix.get(base) ?? 2;
          while (usedIds.has(`${base}-${n}`)) n++;
          id = `${base}-${n}`;
          nextSuffix.set(base, n + 1);
        }
        usedIds.add(id);
        headings.push({ level, text, id });
        return `<h${level} id="${escapeHtml(id)}">${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const target = safeUrl(href);
        if (target === null) return inner;
        const external = /^(https?:)?\/\//i.test(target);
        const rel = external ? ' rel="nofollow noopener noreferrer"' : "";
        return `<a href="${escapeHtml(target)}"${titleAttribute(title)}${rel}>${inner}</a>`;
      },
      image({ href, title, text }: Tokens.Image) {
        const target = safeUrl(href, IMAGE_PROTOCOLS);
        if (target === null) return escapeHtml(text);
        return (
          `<img src="${escapeHtml(target)}" ` +
          `alt="${escapeHtml(text)}"${titleAttribute(title)} loading="lazy" ` +
          `referrerpolicy="no-referrer">`
        );
      },
      code({ text, lang }: Tokens.Code) {
        const language = lang?.match(/^[\w+#.-]+/)?.[0];
        const className = language ? ` class="language-${escapeHtml(language)}"` : "";
        return `<pre><code${className}>${escapeHtml(text.replace(/\n$/, ""))}\n</code></pre>\n`;
      },
      codespan({ text }: Tokens.Codespan) {
        return `<code>${escapeHtml(text)}</code>`;
      },
      // marked passes text after a raw <script> or <pre> tag through unescaped (it expects the tag to stay raw);
      // here the tag is shown as text, so its content must be escaped like any other text.
      text(token: Tokens.Text | Tokens.Escape) {
        if ("tokens" in token && token.tokens) return this.parser.parseInline(token.tokens);
        return escapeText(token.text);
      },
    },
  });

  const html = marked.parse(markdown, { async: false });
  return { html, headings };
}
