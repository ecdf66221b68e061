import type { LoggedEvent } from "./envelope";
import { matchesFilter, type EventFilter } from "./filter";
import { EventSubscription, SubscriberTooSlowError } from "./subscription";

const logged = (position: number, type = "persons.person.updated"): LoggedEvent => ({
  position: BigInt(position),
  event: {
    id: `id-${position}`,
    specversion: "1.0",
    type,
    source: "/persons",
    subject: "00000000-0000-4000-8000-000000000001",
    time: "2026-01-01T00:00:00.000Z",
    datacontenttype: "application/json",
  },
});

/** A log of positions 1..n whose reads may be made to see only part of it (what had committed by then). */
function fakeLog(size: number) {
  let visible = size;
  const all = Array.from({ length: size }, (_unused, index) => logged(index + 1));
  return {
    show: (count: number) => (visible = count),
    read: async (after: bigint, limit: number, filter: EventFilter) =>
      all
        .filter((entry) => entry.position > after && entry.position <= BigInt(visible) && matchesFilter(filter, entry.event))
        .slice(0, limit),
    entry: (position: number) => all[position - 1]!,
  };
}

async function take(subscription: EventSubscription, count: number): Promise<number[]> {
  const positions: number[] = [];
  for (let index = 0; index < count; index++) positions.push(Number((await subscription.next()).value!.position));
  return positions;
}

describe("a resumable subscription", () => {
  it("replays the missed events from the log, then the live ones, once each and in order, however they overlap", async () => {
    const log = fakeLog(12);
    log.show(7);
    const subscription = new EventSubscription({}, { after: 3n, catchUp: true }, log.read, () => {}, { pageSize: 2, maxPending: 100 });
    // The hub offers events committed after the subscriber registered: some the catch-up also reads.
    for (const position of [6, 7, 8, 9]) subscription.offer(log.entry(position));
    expect(await take(subscription, 6)).toEqual([4, 5, 6, 7, 8, 9]);
    const later = subscription.next();
    subscription.offer(log.entry(9));
    subscription.offer(log.entry(10));
    expect(Number((await later).value!.position)).toBe(10);
  });

  it("without a cursor delivers only what is offered from then on", async () => {
    const log = fakeLog(5);
    const subscription = new EventSubscription({}, { after: 5n, catchUp: false }, log.read, () => {});
    const next = subscription.next();
    subscription.offer(logged(6));
    expect(Number((await next).value!.position)).toBe(6);
  });

  it("applies its filter while catching up", async () => {
    const all = [logged(1, "a.x.y"), logged(2, "b.x.y"), logged(3, "a.z.y")];
    const read = async (after: bigint, limit: number, filter: EventFilter) =>
      all.filter((entry) => entry.position > after && matchesFilter(filter, entry.event)).slice(0, limit);
    const subscription = new EventSubscription({ types: ["a.*"] }, { after: 0n, catchUp: true }, read, () => {});
    expect(await take(subscription, 2)).toEqual([1, 3]);
  });

  it("ends a waiting reader at once when returned, and unregisters itself", async () => {
    const closed = jest.fn();
    const subscription = new EventSubscription({}, { after: 0n, catchUp: false }, fakeLog(0).read, closed);
    const pending = subscription.next();
    await subscription.return();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it("fails a subscriber that lets too many events pile up, naming where to resume", async () => {
    const subscription = new EventSubscription({}, { after: 0n, catchUp: false }, fakeLog(0).read, () => {}, {
      pageSize: 10,
      maxPending: 2,
    });
    for (const position of [1, 2, 3]) subscription.offer(logged(position));
    await expect(subscription.next()).rejects.toBeInstanceOf(SubscriberTooSlowError);
  });
});
