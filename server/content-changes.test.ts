import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteVars } from "./db/schema";
import { LISTENER_APPLICATION_NAME, listenForContentChanges } from "./content-change-listener";
import {
  ALL_TOPICS,
  changePublicContent,
  CONTENT_CHANGE_CHANNEL,
  decodeContentChange,
  dispatchContentChange,
  encodeContentChange,
  INSTANCE_ID,
  onContentChange,
  type ContentTopic,
} from "./content-changes";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";

/** Records every change this process is told of while `body` runs. */
async function changesDuring(body: () => Promise<unknown>): Promise<ContentTopic[][]> {
  const seen: ContentTopic[][] = [];
  const stop = onContentChange((topics) => seen.push([...topics].sort()));
  try {
    await body();
  } finally {
    stop();
  }
  return seen;
}

describe("content change bus", () => {
  it("tells every subscriber, even when one of them throws, until it unsubscribes", () => {
    const seen: string[] = [];
    const stopBroken = onContentChange(() => {
      throw new Error("broken subscriber");
    });
    const stop = onContentChange((topics) => seen.push([...topics].join(",")));
    const error = console.error;
    console.error = () => {};
    try {
      dispatchContentChange(new Set(["site-vars"]));
    } finally {
      console.error = error;
      stopBroken();
    }
    stop();
    dispatchContentChange(new Set(["site-data"]));
    expect(seen).toEqual(["site-vars"]);
  });

  it("skips its own notifications and reads an unknown topic as every topic", () => {
    expect(decodeContentChange(encodeContentChange(["camera-reports"]))).toBeNull();
    expect([...decodeContentChange(encodeContentChange(["camera-reports", "site-vars"], "elsewhere"))!]).toEqual([
      "camera-reports",
      "site-vars",
    ]);
    expect(decodeContentChange("elsewhere wonder-items")).toBe(ALL_TOPICS);
    expect(decodeContentChange(undefined)).toBe(ALL_TOPICS);
    expect(encodeContentChange(["site-data"])).toBe(`${INSTANCE_ID} site-data`);
  });
});

describe("changePublicContent", () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("announces a change once the write has committed, and nothing when it rolls back", async () => {
    let committedWhenTold: boolean | null = null;
    const stop = onContentChange(() => {
      // A fresh read outside the transaction: only a committed row is visible.
      void h.database.db
        .select()
        .from(siteVars)
        .then((rows) => (committedWhenTold = rows.some((row) => row.namedKey === "public_bus_test")));
    });
    try {
      await changePublicContent(h.database.db, ["site-vars"], (tx) =>
        tx
          .insert(siteVars)
          .values({ namedKey: "public_bus_test", valType: "str", valObjectJson: JSON.stringify({ val: "x" }) }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(committedWhenTold).toBe(true);
    } finally {
      stop();
    }

    const failed = await changesDuring(() =>
      changePublicContent(h.database.db, ["site-vars"], async (tx) => {
        await tx
          .insert(siteVars)
          .values({ namedKey: "public_rolled_back", valType: "str", valObjectJson: JSON.stringify({ val: "x" }) });
        throw new Error("refused");
      }).catch(() => {}),
    );
    expect(failed).toEqual([]);
    expect((await h.database.db.select().from(siteVars)).map((row) => row.namedKey)).not.toContain(
      "public_rolled_back",
    );
  });
});

// The listener needs a PostgreSQL server: `npm run test:pg` runs this with DATABASE_URL set.
describe.skipIf(!process.env.DATABASE_URL)("content change listener (PostgreSQL)", () => {
  const url = process.env.DATABASE_URL!;

  async function notify(payload: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("select pg_notify($1, $2)", [CONTENT_CHANGE_CHANNEL, payload]);
    await client.end();
  }

  async function nextChange(timeoutMs: number): Promise<ContentTopic[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no change within ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = onContentChange((topics) => {
        clearTimeout(timer);
        stop();
        resolve([...topics].sort());
      });
    });
  }

  it("passes on other instances' changes, skips its own, and drops everything after reconnecting", async () => {
    const connected = nextChange(5_000);
    const stopListening = await listenForContentChanges({
      connectionString: url,
      heartbeatMs: 500,
      retryMs: { first: 50, longest: 200 },
    });
    try {
      // Connecting counts as having missed whatever came before.
      expect(await connected).toEqual([...ALL_TOPICS].sort());

      const heard = nextChange(1_000);
      await notify(encodeContentChange(["site-vars"], "another-instance"));
      expect(await heard).toEqual(["site-vars"]);

      const own: ContentTopic[][] = [];
      const stop = onContentChange((topics) => own.push([...topics]));
      await notify(encodeContentChange(["site-vars"]));
      await new Promise((resolve) => setTimeout(resolve, 300));
      stop();
      expect(own).toEqual([]);

      // The server ends the listener's session: it comes back by itself and drops every cache.
      const warn = console.warn;
      console.warn = () => {};
      try {
        const reconnected = nextChange(5_000);
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [
          LISTENER_APPLICATION_NAME,
        ]);
        await admin.end();
        expect(await reconnected).toEqual([...ALL_TOPICS].sort());
        const heardAgain = nextChange(1_000);
        await notify(encodeContentChange(["camera-reports"], "another-instance"));
        expect(await heardAgain).toEqual(["camera-reports"]);
      } finally {
        console.warn = warn;
      }
    } finally {
      stopListening();
    }
  });
});
