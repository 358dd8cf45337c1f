// The signed-in user's helpers (roles, the name to show). Shared by the web tier and /api.
import type { SessionUser } from "./contract/auth";

export type { SessionInfo, SessionUser } from "./contract/auth";

const ADMIN_ROLES = ["admin", "administrator"];

export function hasRole(user: Pick<SessionUser, "roles"> | null | undefined, role: string): boolean {
  return Boolean(user?.roles.includes(role));
}

export function hasAnyRole(user: Pick<SessionUser, "roles"> | null | undefined, roles: readonly string[]): boolean {
  return roles.some((role) => hasRole(user, role));
}

export function isAdmin(user: Pick<SessionUser, "roles"> | null | undefined): boolean {
  return hasAnyRole(user, ADMIN_ROLES);
}

export function displayName(user: Pick<SessionUser, "name" | "email">): string {
  return user.name?.trim() || user.email;
}

export function initials(user: Pick<SessionUser, "name" | "email">): string {
  return displayName(user)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? "")
    .join("");
}
