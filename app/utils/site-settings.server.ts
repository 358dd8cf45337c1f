// Settings the site shows everywhere (site name, probe app store link…). Site vars override the defaults
// once the site vars feature lands; until then these come from the environment.
import type { RouterContextProvider } from "react-router";
import { config } from "../../server/config";

export interface SiteSettings {
  siteName: string;
}

export async function getSiteSettings(_context: Readonly<RouterContextProvider>): Promise<SiteSettings> {
  return { siteName: config.siteName };
}
