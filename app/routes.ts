import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Three layout groups: public pages with the header, the minimal sign-in flow, and the guarded admin area.
export default [
  layout("routes/layouts/public.tsx", [
    index("routes/camera/report-list.tsx", { id: "home" }),
    route("camera2/report_list", "routes/camera/report-list.tsx", { id: "camera2-report-list" }),
    route("camera2/compare", "routes/camera/report-compare.tsx"),
    route("camera2/:reportId", "routes/camera/report-detail.tsx", { id: "camera2-report" }),
    route("cam2/:reportId", "routes/camera/report-detail.tsx", { id: "cam2-report" }),
    route("terms", "routes/pages/legal.tsx", { id: "terms" }),
    route("privacy", "routes/pages/legal.tsx", { id: "privacy" }),
    route("contact", "routes/pages/contact.tsx"),
    route("site/health2", "routes/pages/site-health.tsx"),
    layout("routes/layouts/signed-in.tsx", [
      route("profile/me", "routes/profile/me.tsx"),
      route("profile/me/settings", "routes/profile/settings.tsx"),
    ]),
    route("tools", "routes/tools/index.tsx"),
    route("tools/json-pretty-format", "routes/tools/json-pretty-format.tsx"),
    route("tools/url-decode-encode", "routes/tools/url-decode-encode.tsx"),
  ]),
  layout("routes/layouts/minimal.tsx", [
    route("account/login", "routes/account/login.tsx"),
    route("account/login/verify-request", "routes/account/verify-request.tsx"),
    route("account/logout", "routes/account/logout.tsx"),
  ]),
  layout("routes/layouts/admin.tsx", [
    ...prefix("admin", [
      index("routes/admin/home.tsx"),
      route("wonder/tags", "routes/admin/wonder-tags.tsx"),
      route("wonder/items", "routes/admin/wonder-items.tsx"),
      route("wonder/create", "routes/admin/wonder-create.tsx"),
      route("wonder/edit/:itemId", "routes/admin/wonder-edit.tsx"),
      route("common/email_config", "routes/admin/email-config.tsx"),
      route("common/api_keys", "routes/admin/api-keys.tsx"),
      route("common/users", "routes/admin/users.tsx"),
      route("common/users/:userId", "routes/admin/user-detail.tsx"),
      route("common/users/change_pwd", "routes/admin/user-change-password.tsx"),
      route("common/kv", "routes/admin/kv.tsx"),
      route("common/site/vars", "routes/admin/site-vars.tsx"),
      route("common/site/data", "routes/admin/site-data.tsx"),
      route("common/messages", "routes/admin/messages.tsx"),
      route("labs/flux", "routes/admin/flux.tsx"),
      route("labs/flux/history", "routes/admin/flux-history.tsx"),
    ]),
    route("auth/admin/gmail/connect", "routes/admin/gmail-connect.tsx"),
  ]),
  route("camera2/report_list/export.csv", "routes/camera/report-export.ts", { id: "camera-export-csv" }),
  route("camera2/report_list/export.json", "routes/camera/report-export.ts", { id: "camera-export-json" }),
  route("robots.txt", "routes/resources/robots.txt.ts"),
  route("sitemap.xml", "routes/resources/sitemap.xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
