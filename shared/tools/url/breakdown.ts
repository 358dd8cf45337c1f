// Splits a URL into its parts as written (RFC 3986, appendix B), with a query table that keeps every pair:
// repeated keys, their order, "a=" (empty value) apart from "a" (no "=" at all).
import { decodeText } from "./decode";

export interface QueryParam {
  rawKey: string;
  /** Null when the pair has no "=". */
  rawValue: string | null;
  /** Decoded as form data ("+" is a space); null when the text is not valid percent-encoding. */
  key: string | null;
  value: string | null;
  /** Why key or value could not be decoded. */
  problem?: string;
}

export interface UrlBreakdown {
  scheme: string;
  user: string | null;
  password: string | null;
  host: string | null;
  port: string | null;
  /** The scheme's usual port, when the URL names none. */
  defaultPort: string | null;
  path: string;
  query: string | null;
  fragment: string | null;
  params: QueryParam[];
  /** How a browser normalises the URL (WHATWG URL), when that differs from the input. */
  normalized: string | null;
}

const RFC3986 = /^([A-Za-z][A-Za-z0-9+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;
const DEFAULT_PORTS: Record<string, string> = { http: "80", https: "443", ws: "80", wss: "443", ftp: "21" };

export function breakDownUrl(text: string): UrlBreakdown | null {
  const candidate = text.trim();
  if (candidate === "" || candidate.length > 100_000 || /\s/.test(candidate)) return null;
  const match = RFC3986.exec(candidate);
  if (!match) return null;
  const [, schemeText, authority, path = "", query, fragment] = match;
  const scheme = schemeText!.toLowerCase();
  let user: string | null = null;
  let password: string | null = null;
  let host: string | null = null;
  let port: string | null = null;
  if (authority !== undefined) {
    let hostPort = authority;
    const at = authority.lastIndexOf("@");
    if (at >= 0) {
      const userInfo = authority.slice(0, at);
      hostPort = authority.slice(at + 1);
      const colon = userInfo.indexOf(":");
      user = colon >= 0 ? userInfo.slice(0, colon) : userInfo;
      password = colon >= 0 ? userInfo.slice(colon + 1) : null;
    }
    const portMatch = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(hostPort);
    if (portMatch) {
      host = portMatch[1]!;
      port = portMatch[2] || null;
    } else {
      host = hostPort;
    }
  } else if (!/^(mailto|urn|data|tel|javascript|about|blob|file)$/.test(scheme) && !path.startsWith("/")) {
    // "localhost:3000" or "example.com:8080/x" parse as scheme:path; that is not what the user meant by a URL.
    return null;
  }
  let normalized: string | null = null;
  try {
    const href = new URL(candidate).href;
    if (href !== candidate) normalized = href;
  } catch {
    normalized = null;
  }
  return {
    scheme,
    user,
    password,
    host,
    port,
    defaultPort: port === null && host !== null ? (DEFAULT_PORTS[scheme] ?? null) : null,
    path,
    query: query ?? null,
    fragment: fragment ?? null,
    params: query ? parseQuery(query) : [],
    normalized,
  };
}

/** Every "&"-separated pair in order; empty pairs ("a=1&&b=2") carry nothing and are skipped. */
export function parseQuery(query: string): QueryParam[] {
  const params: QueryParam[] = [];
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const rawKey = equals >= 0 ? pair.slice(0, equals) : pair;
    const rawValue = equals >= 0 ? pair.slice(equals + 1) : null;
    const key = decodeText(rawKey, { plusAsSpace: true });
    const value = rawValue === null ? null : decodeText(rawValue, { plusAsSpace: true });
    const problems = [key, value]
      .filter((result) => result && !result.ok)
      .map((result) => (result && !result.ok ? result.errors[0]!.message : ""));
    params.push({
      rawKey,
      rawValue,
      key: key.ok ? key.output : null,
      value: value === null ? null : value.ok ? value.output : null,
      problem: problems.length ? problems.join(" ") : undefined,
    });
  }
  return params;
}
