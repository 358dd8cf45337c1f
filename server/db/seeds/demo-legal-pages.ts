// Demo terms and privacy texts: on first start with no entry of either type (and SEED_DEMO not 0), so /terms and
// /privacy show something real. Terms get an older version too, to show that only the current one is public.
// Idempotent: it never touches a type that has entries.
import { inArray } from "drizzle-orm";
import type { Database } from "../client";
import { siteData } from "../schema";
import type { Seeder } from "./seeder";
import { renderedColumns } from "#server/services/site-data.ts";

const DAY_MS = 86_400_000;

export const DEMO_TERMS_V1 = `# Terms of use

This site shows camera capability reports. Use it at your own risk.
`;

export const DEMO_TERMS = `# Terms of use

These terms apply to everyone who visits this site or calls its API.

## What the site offers

A list of Android camera capability reports uploaded by the Camera Probe app, a few developer tools, and a
contact form. Reports describe hardware; they hold no photos and no personal data.

## Acceptable use

- Do not try to break, overload or get around the limits of the site or its API.
- Upload reports only from devices you are allowed to inspect.
- API keys are personal to the service they were issued for; keep them secret.

## No warranty

The reports are provided as they were uploaded, without any warranty of accuracy or fitness for a purpose.

## Changes

When these terms change, a new version is published here with its date. Questions? Use the [contact form](/contact).
`;

export const DEMO_PRIVACY = `# Privacy

We keep as little about you as we can, and only for as long as it is needed.

## What we store

- **Contact messages:** your name, email address, message and network address, so we can answer you.
- **Accounts:** email address, display name and a password hash (never the password itself).
- **Sessions:** a hashed session token, its network address and browser name, until you sign out or it expires.
- **Rate limits:** counters per network address, kept for one minute.

## Cookies

A session cookie while you are signed in, a short-lived message cookie after a form, and a theme cookie when you
choose a theme without JavaScript. No tracking and no advertising cookies.

## Your rights

Ask us through the [contact form](/contact) to see, correct or delete what we hold about you.
`;

export const seedDemoLegalPages: Seeder = async (db: Database, { demo }) => {
  if (!demo) return;
  const existing = await db
    .selectDistinct({ type: siteData.type })
    .from(siteData)
    .where(inArray(siteData.type, ["terms", "privacy"]));
  const present = new Set(existing.map((row) => row.type));
  const now = Date.now();
  const rows: Array<typeof siteData.$inferInsert> = [];
  if (!present.has("terms")) {
    rows.push(
      {
        type: "terms",
        versionNum: 1,
        markdown: DEMO_TERMS_V1,
        isCurrent: false,
        createdAt: new Date(now - 90 * DAY_MS),
        updatedAt: new Date(now - 90 * DAY_MS),
      },
      {
        type: "terms",
        versionNum: 2,
        markdown: DEMO_TERMS,
        isCurrent: true,
        createdAt: new Date(now - 30 * DAY_MS),
        updatedAt: new Date(now - 30 * DAY_MS),
      },
    );
  }
  if (!present.has("privacy")) {
    rows.push({
      type: "privacy",
      versionNum: 1,
      markdown: DEMO_PRIVACY,
      isCurrent: true,
      createdAt: new Date(now - 30 * DAY_MS),
      updatedAt: new Date(now - 30 * DAY_MS),
    });
  }
  if (rows.length === 0) return;
  // A concurrent first start (several workers) may have seeded already: the unique indexes make that a no-op.
  await db
    .insert(siteData)
    .values(rows.map((row) => ({ ...row, ...renderedColumns(row.markdown ?? "") })))
    .onConflictDoNothing();
  console.log(`[seed] demo ${[...new Set(rows.map((row) => row.type))].join(" and ")} text`);
};
