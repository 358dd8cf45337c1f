// What the proxies in front of this server say about a request, believed only as far as TRUST_PROXY hops reach.
// Each trusted proxy appends the address it was connected from to X-Forwarded-For; entries to the left of
// those were written by whoever sent the request, so they are never read.
// `hops` is TRUST_PROXY as the calling tier reads it.
import { isIP } from "node:net";

/** Entries of a comma-separated forwarded header (several header lines arrive joined by ", "). */
function entries(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The entry the outermost trusted hop wrote: with `hops` proxies appending, the hops-th from the right. A proxy
 * that overwrites the header instead of appending leaves one entry, which is then the one.
 */
function trustedEntry(list: string[], hops: number): string | undefined {
  if (hops <= 0 || list.length === 0) return undefined;
  return list[Math.max(0, list.length - hops)];
}

/** "[::1]:80", "1.2.3.4:5678" and "::ffff:1.2.3.4" as a plain address; undefined when it is not one. */
function plainAddress(entry: string): string | undefined {
  let address = entry;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  return isIP(address) ? address : undefined;
}

/**
 * The client's address: with N trusted hops, the N-th X-Forwarded-For entry from the right — the one the outermost
 * trusted proxy added, naming whoever connected to it — else the connection's own address. Without TRUST_PROXY no
 * forwarded header is read.
 */
export function clientAddress(headers: Headers, socketAddress: string | undefined, hops: number): string {
  const forwarded = trustedEntry(entries(headers.get("x-forwarded-for")), hops);
  const address = forwarded === undefined ? undefined : plainAddress(forwarded);
  return address ?? socketAddress ?? "unknown";
}

/** The scheme the visitor used, as the outermost trusted proxy reports it; undefined without TRUST_PROXY. */
export function forwardedProto(headers: Headers, hops: number): "http" | "https" | undefined {
  const proto = trustedEntry(entries(headers.get("x-forwarded-proto")), hops)?.toLowerCase();
  return proto === "https" || proto === "http" ? proto : undefined;
}

/** The host the visitor asked for, as the outermost trusted proxy reports it; undefined without TRUST_PROXY. */
export function forwardedHost(headers: Headers, hops: number): string | undefined {
  const host = trustedEntry(entries(headers.get("x-forwarded-host")), hops);
  // A host name with an optional port, nothing else: anything stranger is ignored rather than half-parsed.
  return host && /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(host) ? host : undefined;
}

/**
 * The address the visitor used for this request: its URL with the trusted forwarded scheme and host. Behind a TLS
 * proxy the server itself sees http://…; without TRUST_PROXY the request's own Host decides.
 */
export function visitorUrl(request: Request, hops: number): URL {
  const url = new URL(request.url);
  const proto = forwardedProto(request.headers, hops);
  const host = forwardedHost(request.headers, hops);
  if (proto) url.protocol = `${proto}:`;
  if (host) {
    url.host = host;
    // Setting a host without a port keeps the old one (the port this server listens on).
    if (!/:\d+$/.test(host)) url.port = "";
  }
  return url;
}
