// A page rendered whole (app/entry.server.tsx) goes out as its bytes, in one write.
//
// The Node adapter (@hono/node-server) makes a Response built from bytes a light object that it writes straight to
// the socket. React Router reads every Response its middleware passes along (statusText, body) to tell it from
// data, and reading those turns the light object into a full web Response, whose bytes then go out through a
// stream reader (docs/decisions/0096 measures the cost). The entry notes each whole page's bytes here, and the
// host builds the light Response again from them once React Router is done, with the status and headers the
// middleware left on it.

const wholePageBodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

export function wholePageResponse(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(bytes, init);
  wholePageBodies.set(response, bytes);
  return response;
}

/** The response again as a new Response around its bytes, when it is a whole page nobody has read. */
export function withWholePageBody(response: Response): Response {
  const bytes = wholePageBodies.get(response);
  if (!bytes || response.bodyUsed) return response;
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
}
