// Durable timers against real PostgreSQL: a timer is set and cancelled inside the writer's
// transaction, fires once as an event in the log (however many runners compete), fires late rather
// than never, and one already due is left to fire by a change that would move or cancel it. Setting
// and cancelling one records scheduling.timer.requested and .cancelled in the same transaction.
import { randomUUID } from "node:crypto";
import { createCalendar, ManualClock, MINUTE_MS } from "@pap/core";
import { openDatabase, type Database } from "@pap/db";
import {
  cancelTimers,
  eventRecorder,
  newTraceparent,
  scheduleTimer,
  startEventRuntime,
  startTimers,
  traceIdOf,
  type EventRuntime,
  type RunningTimers,
  type SqlTransaction,
  type TimerRequest,
} from "@pap/events";
import { createTestDatabase } from "../support/platform";

const clock = new ManualClock("2026-11-23T09:00:00.000Z");
const settings = { typePrefix: "org.example.", clock };
const calendar = createCalendar({ timeZone: "America/New_York" });
/** Where the tests set timers: a transaction, a recorder acting as a user, the manual clock and New York's calendar. */
const scopeOf = (tx: SqlTransaction) => ({
  tx,
  events: eventRecorder(settings, { traceparent: newTraceparent(), authid: "worker-1", authtype: "user" as const }),
  clock,
  calendar,
});

let database: Database;
let eventRuntime: EventRuntime;
const runners: RunningTimers[] = [];

beforeAll(async () => {
  database = await openDatabase({ kind: "postgres", url: await createTestDatabase("timers"), poolSize: 5 }, { migrate: false });
  eventRuntime = await startEventRuntime(database, settings, { hub: { pollIntervalMs: 50 } });
});

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await eventRuntime?.close();
  await database?.close();
});

/** A runner on this process's database (or another's), on the shared manual clock. */
function runner(runtime = { db: database.prisma, eventRuntime }): RunningTimers {
  const running = startTimers(runtime, { clock, pollIntervalMs: 60_000 });
  runners.push(running);
  return running;
}

const request = (fireInMs: number, overrides: Partial<TimerRequest> = {}): TimerRequest => {
  const subject = randomUUID();
  return {
    id: `test.reminder.${subject}`,
    fireAt: new Date(clock.now().getTime() + fireInMs),
    callback: { type: "test.reminder", source: "/test", subject, data: { note: "call back" } },
    ...overrides,
  };
};

const set = (timer: TimerRequest, options?: Parameters<typeof scheduleTimer>[2]) =>
  database.prisma.$transaction((tx) => scheduleTimer(scopeOf(tx), timer, options));
const cancel = (ids: string[], options?: Parameters<typeof cancelTimers>[2]) =>
  database.prisma.$transaction((tx) => cancelTimers(scopeOf(tx), ids, options));
/** The callback events a subject's timers recorded (not the scheduling events about them). */
const fired = (subject: string) =>
  database.prisma.platformEvent.findMany({
    where: { subject, type: { not: { startsWith: "org.example.scheduling." } } },
    orderBy: { insertion: "asc" },
  });
const schedulingEvents = (subject: string) =>
  database.prisma.platformEvent.findMany({
    where: { subject, type: { startsWith: "org.example.scheduling." } },
    orderBy: { insertion: "asc" },
  });
const pending = (id: string) => database.prisma.platformTimer.findUnique({ where: { id } });

describe("a durable timer", () => {
  let timers: RunningTimers;
  beforeAll(() => {
    timers = runner();
  });

  it("fires at its time, not before, as its callback event with the timer's id, the deployment's prefix and the system as actor", async () => {
    const traceparent = newTraceparent();
    const cause = randomUUID();
    const timer = request(10 * MINUTE_MS, { traceparent, causationid: cause });
    await set(timer);
    clock.advance(10 * MINUTE_MS - 1);
    await timers.settle();
    expect(await fired(timer.callback.subject)).toEqual([]);
    clock.advance(1);
    await timers.settle();
    const [event, ...more] = await fired(timer.callback.subject);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: "org.example.test.reminder",
      source: "/test",
      data: { note: "call back", timerId: timer.id },
      causationid: cause,
      authid: "system",
      authtype: "system",
    });
    expect(event!.time.toISOString()).toBe(clock.now().toISOString());
    // The callback continues the trace of the change that set the timer, in a span of its own.
    expect(traceIdOf(event!.traceparent)).toBe(traceIdOf(traceparent));
    expect(event!.traceparent).not.toBe(traceparent);
    expect(await pending(timer.id)).toBeNull();
  });

  it("is moved by setting the same id again, and forgotten when cancelled", async () => {
    const moved = request(5 * MINUTE_MS);
    await set(moved);
    await set({ ...moved, fireAt: new Date(clock.now().getTime() + 20 * MINUTE_MS) });
    const cancelled = request(5 * MINUTE_MS);
    await set(cancelled);
    await cancel([cancelled.id, "never.set"]);
    clock.advance(6 * MINUTE_MS);
    await timers.settle();
    expect(await fired(moved.callback.subject)).toEqual([]);
    expect(await fired(cancelled.callback.subject)).toEqual([]);
    clock.advance(15 * MINUTE_MS);
    await timers.settle();
    expect(await fired(moved.callback.subject)).toHaveLength(1);
    expect(await fired(cancelled.callback.subject)).toEqual([]);
  });

  it("exists only if the transaction that set it commits", async () => {
    const timer = request(MINUTE_MS);
    await expect(
      database.prisma.$transaction(async (tx) => {
        await scheduleTimer(scopeOf(tx), timer);
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    expect(await pending(timer.id)).toBeNull();
    expect(await schedulingEvents(timer.callback.subject)).toEqual([]);
  });

  it("is left to fire when already due, however a later change would move or cancel it", async () => {
    const due = request(MINUTE_MS);
    await set(due);
    const other = request(MINUTE_MS);
    await set(other);
    // The change happens two minutes on, when both are due but no runner has fired them yet.
    const now = new Date(clock.now().getTime() + 2 * MINUTE_MS);
    await set({ ...due, fireAt: new Date(now.getTime() + 60 * MINUTE_MS) }, { leaveDueAt: now });
    await cancel([other.id], { leaveDueAt: now });
    expect((await pending(due.id))?.fireAt.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(await pending(other.id)).not.toBeNull();
    clock.set(now);
    await timers.settle();
    expect(await fired(due.callback.subject)).toHaveLength(1);
    expect(await fired(other.callback.subject)).toHaveLength(1);
  });

  it("fires each timer once with several runners and processes competing", async () => {
    const other = await openDatabase(
      { kind: "postgres", url: database.config.kind === "postgres" ? database.config.url : "", poolSize: 5 },
      { migrate: false },
    );
    const otherRuntime = await startEventRuntime(other, settings, { hub: { pollIntervalMs: 50 } });
    try {
      const competitors = [runner(), runner(), runner({ db: other.prisma, eventRuntime: otherRuntime })];
      const many = Array.from({ length: 250 }, (_unused, index) => request(MINUTE_MS + index));
      await database.prisma.$transaction(async (tx) => {
        for (const timer of many) await scheduleTimer(scopeOf(tx), timer);
      });
      clock.advance(MINUTE_MS + 250);
      await Promise.all(competitors.map((competitor) => competitor.settle()));
      const counts = await database.prisma.platformEvent.groupBy({
        by: ["subject"],
        where: { subject: { in: many.map((timer) => timer.callback.subject) }, type: "org.example.test.reminder" },
        _count: true,
      });
      expect(counts).toHaveLength(250);
      expect(counts.every((row) => row._count === 1)).toBe(true);
      await Promise.all(competitors.map((competitor) => competitor.stop()));
    } finally {
      await otherRuntime.close();
      await other.close();
    }
  });

  it("fires late rather than never: a timer due while no runner ran fires when one starts", async () => {
    const late = request(MINUTE_MS);
    await set(late);
    await timers.stop();
    clock.advance(3 * MINUTE_MS);
    const started = runner();
    await started.settle();
    const [event] = await fired(late.callback.subject);
    expect(event?.time.toISOString()).toBe(clock.now().toISOString());
  });

  it("records scheduling.timer.requested with the request's terms, and .cancelled only for a timer that was pending", async () => {
    const subject = randomUUID();
    const callback = { type: "test.reminder", source: "/test", subject, data: { note: "call back" } };
    const dueAt = await set({ id: `test.reminder.${subject}`, fireAfter: "PT72H", calendarType: "business", callback });
    await cancel([`test.reminder.${subject}`, `test.never.${subject}`]);
    await cancel([`test.reminder.${subject}`]);
    const events = await schedulingEvents(subject);
    expect(events.map((event) => [event.type, event.source, event.authid])).toEqual([
      ["org.example.scheduling.timer.requested", "/scheduling", "worker-1"],
      ["org.example.scheduling.timer.cancelled", "/scheduling", "worker-1"],
    ]);
    expect(events[0]!.data).toEqual({
      timerId: `test.reminder.${subject}`,
      fireAfter: "PT72H",
      calendarType: "business",
      callback: { event: "test.reminder", data: { note: "call back" } },
      dueAt: dueAt.toISOString(),
      applied: true,
    });
    expect(events[1]!.data).toEqual({ timerId: `test.reminder.${subject}`, applied: true });
  });

  it("counts business terms on the platform's calendar: Thanksgiving and the weekend after it do not count", async () => {
    // Wednesday 2026-11-25 10:00 in New York; 72 business hours: the rest of Wednesday, Friday, Monday, Tuesday to 10:00.
    clock.set("2026-11-25T15:00:00.000Z");
    const subject = randomUUID();
    const dueAt = await set({
      id: `test.reminder.${subject}`,
      fireAfter: "PT72H",
      calendarType: "business",
      callback: { type: "test.reminder", source: "/test", subject },
    });
    expect(dueAt.toISOString()).toBe("2026-12-01T15:00:00.000Z");
    expect((await pending(`test.reminder.${subject}`))?.fireAt.toISOString()).toBe("2026-12-01T15:00:00.000Z");
    // The same with an absolute time moved by a negative offset on the calendar.
    const warned = await set({
      id: `test.warning.${subject}`,
      fireAt: new Date("2026-12-10T15:00:00.000Z"),
      fireOffset: "-PT48H",
      callback: { type: "test.reminder", source: "/test", subject },
    });
    expect(warned.toISOString()).toBe("2026-12-08T15:00:00.000Z");
  });
});
