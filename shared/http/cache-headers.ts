// HTTP caching helpers shared by /api and the camera pages.

/** If-None-Match holds this tag (or "*"); weak and strong forms compare equal, as RFC 9110 asks for GET. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string | null | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = bare(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === wanted);
}

/** Cache-Control for an answer that may be `maxAgeSeconds` old; private when it depends on who asks. */
export function cacheControl(maxAgeSeconds: number, personal: boolean): string {
  return `${personal ? "private" : "public"}, max-age=${maxAgeSeconds}`;
}
