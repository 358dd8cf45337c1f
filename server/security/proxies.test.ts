// What a request's forwarded headers are believed to say, by the number of trusted proxy hops (TRUST_PROXY).
import { describe, expect, it } from "vitest";
import { clientAddress, forwardedHost, forwardedProto, visitorUrl } from "#shared/http/proxy.ts";

const headers = (values: Record<string, string>) => new Headers(values);

describe("client address", () => {
  it("is the socket's with no trusted hop, whatever X-Forwarded-For says", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6" }), "192.0.2.1", 0)).toBe("192.0.2.1");
  });

  it("is the entry the hops-th trusted proxy added, counted from the right", () => {
    const chain = headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.2" });
    expect(clientAddress(chain, "10.0.0.3", 1)).toBe("10.0.0.2");
    expect(clientAddress(chain, "10.0.0.3", 2)).toBe("198.51.100.7");
    // Several header lines arrive joined; the last line's last entry is the nearest proxy's.
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6, 7.7.7.7, 198.51.100.8" }), "10.0.0.3", 1)).toBe(
      "198.51.100.8",
    );
  });

  it("takes the left-most entry when there are fewer entries than hops, and plain addresses only", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.9" }), "10.0.0.3", 3)).toBe("198.51.100.9");
    expect(clientAddress(headers({ "x-forwarded-for": "[2001:db8::1]:4711" }), "10.0.0.3", 1)).toBe("2001:db8::1");
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.10:4711" }), "10.0.0.3", 1)).toBe("198.51.100.10");
    // Not an address: the connection's own is used rather than storing what was written.
    expect(clientAddress(headers({ "x-forwarded-for": "<script>" }), "10.0.0.3", 1)).toBe("10.0.0.3");
    expect(clientAddress(headers({}), undefined, 1)).toBe("unknown");
  });
});

describe("forwarded scheme and host", () => {
  it("are not read without a trusted hop", () => {
    const forged = headers({ "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" });
    expect(forwardedProto(forged, 0)).toBeUndefined();
    expect(forwardedHost(forged, 0)).toBeUndefined();
    expect(visitorUrl(new Request("http://site.test:3000/a?b=1", { headers: forged }), 0).href).toBe(
      "http://site.test:3000/a?b=1",
    );
  });

  it("are the outermost trusted proxy's entry; junk is ignored", () => {
    const chain = headers({ "x-forwarded-proto": "http, https", "x-forwarded-host": "evil.example, site.example" });
    expect(forwardedProto(chain, 1)).toBe("https");
    expect(forwardedHost(chain, 1)).toBe("site.example");
    expect(visitorUrl(new Request("http://10.0.0.5:3000/x", { headers: chain }), 1).href).toBe(
      "https://site.example/x",
    );
    expect(forwardedHost(headers({ "x-forwarded-host": "site.example/evil" }), 1)).toBeUndefined();
    expect(forwardedProto(headers({ "x-forwarded-proto": "javascript" }), 1)).toBeUndefined();
  });
});
