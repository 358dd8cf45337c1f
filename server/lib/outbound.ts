// Every request this server makes to a host an administrator or operator names (image host, Google OAuth,
// Firebase, mail) goes through here. The name is resolved once, every address it resolves to is checked, and the
// connection is made to the checked address, so DNS that answers differently the second time (rebinding) cannot
// steer the request to an internal service. Loopback, private, link-local and other special-purpose addresses are
// refused unless OUTBOUND_ALLOW_HOSTS lists the destination; the shipped image host, served by this process on
// loopback, is always allowed.
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { config } from "../config";

/** The destination is an address this server does not call (loopback, private, link-local, …). */
export class OutboundRefusedError extends Error {
  override name = "OutboundRefusedError";
}

// IANA's special-purpose registries (RFC 6890 and successors), plus multicast and the reserved blocks.
// Two lists: a BlockList also matches IPv4 addresses against IPv6 rules (as ::ffff:a.b.c.d), which ::/96 would catch.
const specialIPv4 = new BlockList();
const specialIPv6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 reaches the local host
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  specialIPv4.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback, IPv4-compatible
  ["::ffff:0:0", 96], // IPv4-mapped: also matched against the IPv4 blocks above, refused as a whole to be sure
  ["64:ff9b::", 96], // NAT64 can reach any IPv4 address, private ones included
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 23], // protocol assignments, Teredo
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 embeds any IPv4 address
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local
  ["ff00::", 8], // multicast
] as const) {
  specialIPv6.addSubnet(network, prefix, "ipv6");
}

/** True for an address that is not a public unicast one: the ones an outbound request must not reach. */
export function isSpecialPurposeAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? specialIPv4.check(address, "ipv4") : specialIPv6.check(address, "ipv6");
}

interface AllowEntry {
  host: string;
  port: number | null;
}

/** "host", "host:port", "1.2.3.4:25", "[::1]:8080" → host (lower case, no brackets) and port (null: any). */
function parseAllowEntry(entry: string): AllowEntry | null {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1]!.toLowerCase(), port: bracketed[2] ? Number(bracketed[2]) : null };
  if (isIP(entry) === 6) return { host: entry.toLowerCase(), port: null };
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort) return { host: withPort[1]!.toLowerCase(), port: Number(withPort[2]) };
  return /^[^:/\s]+$/.test(entry) ? { host: entry.toLowerCase(), port: null } : null;
}

/** The destinations that skip the address check: this server's own port on loopback, then OUTBOUND_ALLOW_HOSTS. */
function outboundAllowList(): AllowEntry[] {
  const configured = config.outboundAllowHosts
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(parseAllowEntry)
    .filter((entry): entry is AllowEntry => entry !== null);
  return [{ host: "127.0.0.1", port: config.port }, ...configured];
}

function allowed(names: string[], port: number): boolean {
  const wanted = names.map((name) => name.toLowerCase());
  return outboundAllowList().some(
    (entry) => (entry.port === null || entry.port === port) && wanted.includes(entry.host),
  );
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a host name once and answers the address to connect to. Every address the name resolves to must be a
 * public one, or the host (as named, or as resolved) must be on the allow list; otherwise OutboundRefusedError.
 */
export async function checkedAddress(hostname: string, port: number): Promise<CheckedAddress> {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await lookup(host, { all: true, verbatim: true });
  const first = addresses[0];
  if (!first) throw new OutboundRefusedError(`${host} does not resolve to any address.`);
  const special = addresses.filter(({ address }) => isSpecialPurposeAddress(address));
  if (special.length > 0 && !allowed([host, ...addresses.map(({ address }) => address)], port)) {
    throw new OutboundRefusedError(
      `${host} is a loopback, private, link-local or other internal address, which this ` +
        `server does not call; an operator can allow it with OUTBOUND_ALLOW_HOSTS.`,
    );
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A lookup that answers only the address already checked, so the connection goes exactly there. */
function pinnedLookup(checked: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: checked.address, family: checked.family }]);
    else callback(null, checked.address, checked.family);
  };
}

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  signal?: AbortSignal;
}

/**
 * fetch() for hosts someone configured: http(s) only, the destination checked and pinned, redirects never followed
 * (the caller sees the 3xx). Answers a standard Response whose body streams as it arrives.
 */
export async function outboundFetch(target: string | URL, init: OutboundInit = {}): Promise<Response> {
  const url = new URL(target);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new OutboundRefusedError(`Only http:// and https:// URLs are called, not ${url.protocol}//.`);
  const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  init.signal?.throwIfAborted();
  const checked = await checkedAddress(url.hostname, port);
  const body = init.body === undefined ? undefined : String(init.body);
  const headers: Record<string, string> = { ...init.headers };
  if (
    init.body instanceof URLSearchParams &&
    !Object.keys(headers).some((name) => name.toLowerCase() === "content-type")
  ) {
    headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
  }
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Response>((resolve, reject) => {
    const request = client.request(
      url,
      { method: init.method ?? "GET", headers, lookup: pinnedLookup(checked), signal: init.signal, agent: false },
      (answer) => {
        const status = answer.statusCode ?? 0;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
            responseHeaders.append(name, one);
        }
        if (status < 200 || status > 599) {
          answer.destroy();
          reject(new Error(`Unexpected HTTP status ${status}.`));
          return;
        }
        const noBody = status === 204 || status === 205 || status === 304;
        if (noBody) answer.resume();
        resolve(
          new Response(noBody ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>), {
            status,
            statusText: answer.statusMessage,
            headers: responseHeaders,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * A lookup for clients that make their own connections (firebase-admin): each connection's name is resolved and
 * checked as checkedAddress does, and the socket connects to the address that passed.
 */
function guardedLookup(port: number): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddress(hostname, port).then(
      (checked) => (options.all ? callback(null, [checked]) : callback(null, checked.address, checked.family)),
      (error: unknown) => callback(error as NodeJS.ErrnoException, ""),
    );
  };
}

/** An http(s) Agent whose every connection goes through the same check; an IP literal is checked before connecting. */
export function guardedAgent(protocol: "http:" | "https:"): http.Agent {
  const AgentClass = protocol === "https:" ? https.Agent : http.Agent;
  class GuardedAgent extends AgentClass {
    override createConnection(
      options: Parameters<http.Agent["createConnection"]>[0],
      callback?: Parameters<http.Agent["createConnection"]>[1],
    ) {
      const host = String(options.host ?? "").replace(/^\[(.*)\]$/, "$1");
      const port = Number(options.port) || (protocol === "https:" ? 443 : 80);
      if (isIP(host) && isSpecialPurposeAddress(host) && !allowed([host], port)) {
        throw new OutboundRefusedError(
          `${host} is a loopback, private, link-local or other internal address, which this ` +
            `server does not call; an operator can allow it with OUTBOUND_ALLOW_HOSTS.`,
        );
      }
      return super.createConnection({ ...options, lookup: guardedLookup(port) }, callback);
    }
  }
  return new GuardedAgent();
}
