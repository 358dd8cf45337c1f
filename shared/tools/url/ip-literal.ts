// IPv6 (and IPvFuture) hosts of URLs in a text: "http://[2001:db8::1]:8080/", "http://[fe80::1%25eth0]/".
// Their brackets are part of the URL's syntax, not data, so Full URI encoding keeps them (encodeURI would write
// %5B and %5D, and the result would no longer be a URL). A zone ID follows "%25" in a URL (RFC 6874); people also
// write it after a bare "%" as the system tools print it (RFC 4007), and both are read as a zone here.

export interface IpLiteralHost {
  /** Offset of "[". */
  start: number;
  /** Offset after "]". */
  end: number;
  /** Offset of the "%" that starts the zone ID, or -1 without one. */
  zone: number;
}

/** "scheme://", any user info, then a bracketed host of hex digits, ":" and "." (or "v1.…"), then a zone. */
const IP_LITERAL_HOST = /[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^\s/?#@[\]]*@)?(\[[0-9A-Za-z:.]+(%[^\s/?#[\]]+)?\])/g;

/** Every IP-literal host of a URL in the text, in order. */
export function ipLiteralHosts(text: string): IpLiteralHost[] {
  if (!text.includes("://[") && !text.includes("@[")) return [];
  const hosts: IpLiteralHost[] = [];
  for (const match of text.matchAll(IP_LITERAL_HOST)) {
    const start = match.index + match[0].length - match[1]!.length;
    const end = match.index + match[0].length;
    hosts.push({ start, end, zone: match[2] ? end - 1 - match[2].length : -1 });
  }
  return hosts;
}

/** Whether a zone ID starts with its delimiter already percent-encoded ("%25eth0", as a URL writes it). */
export function zoneIsEncoded(text: string, host: IpLiteralHost): boolean {
  return host.zone >= 0 && text.startsWith("%25", host.zone) && host.zone + 3 < host.end - 1;
}
