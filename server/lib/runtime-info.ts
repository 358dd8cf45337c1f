export const startedAt = new Date();
export const appVersion = process.env.APP_VERSION ?? process.env.npm_package_version ?? "0.0.0";
