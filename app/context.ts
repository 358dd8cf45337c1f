// Typed values the server puts into React Router's context for loaders, actions and middleware.
import { createContext, RouterContextProvider } from "react-router";
import type { SessionInfo, SessionUser } from "#shared/user.ts";

export interface RequestInfo {
  /** The visitor's address as the server sees it (X-Forwarded-For only with TRUST_PROXY). */
  clientIp: string;
  /** Per-request CSP nonce for inline and module scripts. */
  nonce: string;
  /** Posted text an action shows again in a textarea, by the textarea's id: app/utils/echoed-text.tsx. */
  echoedText: Map<string, string>;
  /**
   * Seconds old the oldest cached data behind this answer was (an /api answer's Age, the site settings cache):
   * the server sends it as the page's Age, so a page kept by a cache never outlives its max-age counted from
   * when its data was read. Raised with noteDataAge (app/utils/api.server.ts).
   */
  dataAgeSeconds: number;
}

export const requestInfoContext = createContext<RequestInfo>();

/** The session as /api reported it for this request; filled by the root middleware. */
export const sessionContext = createContext<SessionInfo>({ user: null, expires: null, sessionToken: null, did: null });

/** How the one API client reaches /api in-process; null sends every call to API_URL instead. */
export interface ApiTransport {
  fetch(request: Request, env?: { clientIp?: string }): Response | Promise<Response>;
}
export const apiTransportContext = createContext<ApiTransport | null>(null);

/** The signed-in user; only set under layouts whose middleware requires one. */
export const userContext = createContext<SessionUser>();

/**
 * The context a page request starts with: who asks, the CSP nonce, how /api is reached. host/app.ts makes one per
 * request; tests make theirs the same way and add a session where they need one.
 */
export function createRequestContext(options: {
  clientIp: string;
  nonce?: string;
  api: ApiTransport | null;
}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, {
    clientIp: options.clientIp,
    nonce: options.nonce ?? "",
    echoedText: new Map(),
    dataAgeSeconds: 0,
  });
  context.set(apiTransportContext, options.api);
  return context;
}
