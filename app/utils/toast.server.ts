// Flash messages across redirects (remix-toast), in a cookie signed with the site's session secret.
import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { config } from "../../server/config";

const toastSessionStorage = createCookieSessionStorage({
  cookie: {
    name: "toast",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.isProduction && config.trustProxy,
    secrets: [config.secrets.session],
  },
});

export const { getToast, redirectWithSuccess, redirectWithError, redirectWithInfo, redirectWithToast, dataWithSuccess, dataWithError } =
  createToastUtilsWithCustomSession(toastSessionStorage);
