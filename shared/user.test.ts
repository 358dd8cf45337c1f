import { describe, expect, it } from "vitest";
import { displayName, hasAnyRole, hasRole, initials, isAdmin } from "./user";

const base = { id: "1", email: "ada@example.com", name: null, roles: [] as string[], avatar: null };

describe("user helpers", () => {
  it("treats admin and administrator as administrators, nothing else", () => {
    expect(isAdmin({ roles: ["admin"] })).toBe(true);
    expect(isAdmin({ roles: ["administrator"] })).toBe(true);
    expect(isAdmin({ roles: ["Admin", "editor"] })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it("checks single and any roles", () => {
    expect(hasRole({ roles: ["editor"] }, "editor")).toBe(true);
    expect(hasRole(undefined, "editor")).toBe(false);
    expect(hasAnyRole({ roles: ["a", "b"] }, ["x", "b"])).toBe(true);
    expect(hasAnyRole({ roles: ["a"] }, [])).toBe(false);
  });

  it("uses the name for display, else the email", () => {
    expect(displayName({ ...base, name: "Ada Lovelace" })).toBe("Ada Lovelace");
    expect(displayName({ ...base, name: "   " })).toBe("ada@example.com");
    expect(displayName(base)).toBe("ada@example.com");
  });

  it("makes initials from the first two words", () => {
    expect(initials({ ...base, name: "ada king lovelace" })).toBe("AK");
    expect(initials({ ...base, name: "Émile" })).toBe("É");
    expect(initials(base)).toBe("A");
  });
});
