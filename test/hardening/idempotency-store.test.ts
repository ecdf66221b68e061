// The Idempotency-Key store's states on a real database: a claim holds a lease and an attempt number; a
// retry takes over a lapsed lease (and the fence then refuses the older attempt's write in its own
// transaction); a committed change is read back by the attempt that finds it; answers and releases act
// on their own attempt only; attempt numbers never come back, not even when an expired key is reused.
import { randomUUID } from "node:crypto";
import { openDatabase, type Database } from "@pap/db";
import { claimFence } from "@pap/events";
import { databaseIdempotencyStore, type IdempotencyStore } from "@pap/rest-compat";
import type { Principal } from "@pap/kernel/auth";
import { testDatabase } from "../support/platform";
import { until } from "../support/waiting";

const HOUR_MS = 3_600_000;
const caller: Principal = { kind: "user", id: "store-test-user", roles: [], counties: [] };
const scope = `user:${caller.id}`;
const answer = { status: 201, headers: { location: "/persons/1" }, body: { id: "1" } };

let database: Database;
let store: IdempotencyStore;

beforeAll(async () => {
  const config = await testDatabase("idempotency-store");
  database = await openDatabase(config, { migrate: config.kind === "pglite" });
  store = databaseIdempotencyStore(database.prisma, HOUR_MS);
});

afterAll(async () => {
  await database?.close();
});

type KeyRow = { state: string; attempt: number; subject: string | null; status: number | null; leaseUntil: Date };
const rowOf = async (key: string) =>
  (
    await database.prisma.$queryRaw<KeyRow[]>`
      SELECT state, attempt, subject::text AS subject, status, "leaseUntil" FROM idempotency_key WHERE scope = ${scope} AND key = ${key}`
  )[0];
/** The host holding the key died: its lease runs out (as it does once the host stops renewing it). */
const lapse = (key: string) =>
  database.prisma.$executeRaw`UPDATE idempotency_key SET "leaseUntil" = now() - interval '1 second' WHERE key = ${key}`;
/** A change made in its own transaction by the request holding the key as `attempt`, creating `subject`. */
const changeAs = (key: string, attempt: number, subject?: string) => {
  const fence = claimFence({ "x-pap-idempotency-claim": `${scope}\t${key}\t${attempt}` }, async () => caller)!;
  return database.write((tx) => fence(tx, subject));
};

describe("the Idempotency-Key store", () => {
  it("gives the key to its first request as attempt 1, makes a second wait, and replays the kept answer", async () => {
    const key = randomUUID();
    expect(await store.claim(scope, key, "f")).toEqual({ kind: "first", attempt: 1 });
    expect(await store.claim(scope, key, "f")).toEqual({ kind: "running" });
    expect(await store.claim(scope, key, "other")).toEqual({ kind: "other-request" });
    await store.complete(scope, key, 1, answer);
    expect(await store.claim(scope, key, "f")).toEqual({ kind: "replay", answer });
  });

  it("hands a key whose lease lapsed to the next retry as attempt 2, and keeps only that attempt's answer", async () => {
    const key = randomUUID();
    await store.claim(scope, key, "f");
    await lapse(key);
    expect(await store.claim(scope, key, "f")).toEqual({ kind: "first", attempt: 2 });
    // The first attempt, alive after all, finishes late: its answer is not the key's.
    await store.complete(scope, key, 1, { status: 201, headers: {}, body: { id: "late" } });
    expect(await rowOf(key)).toMatchObject({ state: "pending", attempt: 2 });
    await store.complete(scope, key, 2, answer);
    expect(await store.claim(scope, key, "f")).toEqual({ kind: "replay", answer });
  });

  it("refuses, in its own transaction, the change of an attempt a retry took over", async () => {
    const key = randomUUID();
    await store.claim(scope, key, "f");
    await lapse(key);
    await store.claim(scope, key, "f");
    await expect(changeAs(key, 1, randomUUID())).rejects.toMatchObject({ status: 409, code: "IDEMPOTENCY_KEY_SUPERSEDED" });
    expect(await rowOf(key)).toMatchObject({ state: "pending", attempt: 2, subject: null });
  });

  it("marks the key committed with the record the change created, and keeps the first record named", async () => {
    const key = randomUUID();
    const created = randomUUID();
    await store.claim(scope, key, "f");
    await changeAs(key, 1, created);
    await changeAs(key, 1, randomUUID());
    expect(await rowOf(key)).toMatchObject({ state: "committed", attempt: 1, subject: created });
    // While its attempt's lease runs, the committed request is about to answer: a retry waits for it.
    expect(await store.claim(scope, key, "f")).toEqual({ kind: "running" });
  });

  it("hands a committed key whose attempt stopped to a retry, to read the result back", async () => {
    const key = randomUUID();
    const created = randomUUID();
    await store.claim(scope, key, "f");
    await changeAs(key, 1, created);
    await lapse(key);
    expect(await store.claim(scope, key, "f")).toEqual({ kind: "committed", attempt: 2, subject: created });
    await store.complete(scope, key, 2, answer);
    expect(await store.claim(scope, key, "f")).toEqual({ kind: "replay", answer });
  });

  it("ends the lease of a released attempt at once, keeping the key's request and its attempt count", async () => {
    const key = randomUUID();
    await store.claim(scope, key, "f");
    await store.release(scope, key, 1);
    expect(await store.claim(scope, key, "other")).toEqual({ kind: "other-request" });
    expect(await store.claim(scope, key, "f")).toEqual({ kind: "first", attempt: 2 });
    // A release of an attempt that no longer holds the key changes nothing.
    await store.release(scope, key, 1);
    expect(await store.claim(scope, key, "f")).toEqual({ kind: "running" });
  });

  it("counts attempts on when an expired key is used afresh, so an old attempt's write stays refused", async () => {
    const key = randomUUID();
    await store.claim(scope, key, "f");
    await store.complete(scope, key, 1, answer);
    await database.prisma.$executeRaw`UPDATE idempotency_key SET "expiresAt" = now() - interval '1 second' WHERE key = ${key}`;
    expect(await store.claim(scope, key, "another request")).toEqual({ kind: "first", attempt: 2 });
    await expect(changeAs(key, 1)).rejects.toMatchObject({ code: "IDEMPOTENCY_KEY_SUPERSEDED" });
  });

  it("renews the lease of an attempt while it holds the key", async () => {
    const shortLeases = databaseIdempotencyStore(database.prisma, HOUR_MS, 300);
    const key = randomUUID();
    await shortLeases.claim(scope, key, "f");
    const claimedUntil = (await rowOf(key))!.leaseUntil.getTime();
    const letGo = shortLeases.hold(scope, key, 1);
    try {
      await until("the lease is renewed", async () => (await rowOf(key))!.leaseUntil.getTime() > claimedUntil);
    } finally {
      letGo();
    }
  });

  it("leaves a claim naming another caller's key unfenced: a header the platform did not write proves nothing", async () => {
    const key = randomUUID();
    await store.claim(scope, key, "f");
    const stranger: Principal = { kind: "user", id: "someone-else", roles: [], counties: [] };
    const fence = claimFence({ "x-pap-idempotency-claim": `${scope}\t${key}\t1` }, async () => stranger)!;
    await database.write((tx) => fence(tx, randomUUID()));
    expect(await rowOf(key)).toMatchObject({ state: "pending", subject: null });
  });
});
