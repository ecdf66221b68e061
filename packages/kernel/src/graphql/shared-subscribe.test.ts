import { GraphQLInt, GraphQLObjectType, GraphQLSchema, GraphQLString, parse, type ExecutionResult } from "graphql";
import { sharedSubscriptions } from "./shared-subscribe";

type Tick = { n: number };

/**
 * A schema whose `ticks` stream hands the same payload object to every subscriber (as the event hub
 * does), and counts how often a payload's fields are resolved: once per execution.
 */
function tickingSchema() {
  const queues = new Set<{ items: Tick[]; wake?: () => void; ended: boolean }>();
  let resolved = 0;
  const Tick = new GraphQLObjectType<Tick>({
    name: "Tick",
    fields: {
      n: { type: GraphQLInt, resolve: (tick) => (resolved++, tick.n) },
      label: { type: GraphQLString, args: { text: { type: GraphQLString } }, resolve: (_tick, args) => args.text },
    },
  });
  const stream = (): AsyncIterableIterator<Tick> => {
    const queue = { items: [] as Tick[], wake: undefined as (() => void) | undefined, ended: false };
    queues.add(queue);
    return {
      async next() {
        while (!queue.items.length && !queue.ended) await new Promise<void>((resolve) => (queue.wake = resolve));
        return queue.ended ? { value: undefined, done: true } : { value: queue.items.shift()!, done: false };
      },
      async return() {
        queue.ended = true;
        queues.delete(queue);
        queue.wake?.();
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  };
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: "Query", fields: { n: { type: GraphQLInt } } }),
    subscription: new GraphQLObjectType({
      name: "Subscription",
      fields: {
        ticks: { type: Tick, args: { after: { type: GraphQLString } }, subscribe: stream, resolve: (tick: Tick) => tick },
      },
    }),
  });
  return {
    schema,
    publish(tick: Tick) {
      for (const queue of queues) {
        queue.items.push(tick);
        queue.wake?.();
      }
    },
    resolved: () => resolved,
  };
}

const valuesOf = async (stream: AsyncIterableIterator<ExecutionResult>, count: number) => {
  const values: unknown[] = [];
  for (let index = 0; index < count; index++) values.push((await stream.next()).value?.data?.ticks);
  return values;
};

describe("shared subscriptions", () => {
  const byAfter = parse(`subscription ($after: String) { ticks(after: $after) { n } }`);

  it("execute a payload once for subscribers that differ only in where their stream starts", async () => {
    const ticking = tickingSchema();
    const shared = sharedSubscriptions();
    const subscribe = (after: string) =>
      shared.subscribe({ schema: ticking.schema, document: byAfter, variableValues: { after }, visibility: "admin" }) as Promise<
        AsyncIterableIterator<ExecutionResult>
      >;
    const streams = await Promise.all(["1", "2", "3"].map(subscribe));
    expect(shared.groups()).toBe(1);
    ticking.publish({ n: 1 });
    ticking.publish({ n: 2 });
    for (const stream of streams) expect(await valuesOf(stream, 2)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(ticking.resolved()).toBe(2);
    for (const stream of streams) await stream.return!();
    expect(shared.groups()).toBe(0);
  });

  it("keep subscribers apart when their callers or the variables of the selection differ", async () => {
    const ticking = tickingSchema();
    const shared = sharedSubscriptions();
    // `$after` also reaches a field of the selection here: it changes results, so it separates.
    const alsoSelected = parse(`subscription ($after: String) { ticks(after: $after) { n label(text: $after) } }`);
    const streams = (await Promise.all([
      shared.subscribe({ schema: ticking.schema, document: byAfter, variableValues: { after: "1" }, visibility: "admin" }),
      shared.subscribe({ schema: ticking.schema, document: byAfter, variableValues: { after: "1" }, visibility: "worker" }),
      shared.subscribe({ schema: ticking.schema, document: alsoSelected, variableValues: { after: "1" }, visibility: "admin" }),
      shared.subscribe({ schema: ticking.schema, document: alsoSelected, variableValues: { after: "2" }, visibility: "admin" }),
    ])) as AsyncIterableIterator<ExecutionResult>[];
    expect(shared.groups()).toBe(4);
    ticking.publish({ n: 7 });
    const received = await Promise.all(streams.map((stream) => valuesOf(stream, 1)));
    expect(received).toEqual([[{ n: 7 }], [{ n: 7 }], [{ n: 7, label: "1" }], [{ n: 7, label: "2" }]]);
    expect(ticking.resolved()).toBe(4);
    for (const stream of streams) await stream.return!();
  });

  it("give a subscriber far behind the others its own results, still in order", async () => {
    const ticking = tickingSchema();
    const shared = sharedSubscriptions();
    const subscribe = () =>
      shared.subscribe({ schema: ticking.schema, document: byAfter, variableValues: {}, visibility: "admin" }) as Promise<
        AsyncIterableIterator<ExecutionResult>
      >;
    const [ahead, behind] = [await subscribe(), await subscribe()];
    const ticks = Array.from({ length: 100 }, (_, n) => ({ n }));
    for (const tick of ticks) ticking.publish(tick);
    expect(await valuesOf(ahead, 100)).toEqual(ticks);
    expect(await valuesOf(behind, 100)).toEqual(ticks);
    // The group remembers 64 payloads: the one behind ran its own executions for what had left that memory.
    expect(ticking.resolved()).toBeGreaterThan(100);
    await Promise.all([ahead.return!(), behind.return!()]);
  });

  it("answer a subscription its source refuses with that error, joining no group", async () => {
    const shared = sharedSubscriptions();
    const result = await shared.subscribe({
      schema: tickingSchema().schema,
      document: parse(`subscription { nothing }`),
      visibility: "admin",
    });
    expect(Symbol.asyncIterator in result).toBe(false);
    expect((result as ExecutionResult).errors?.length).toBeGreaterThan(0);
    expect(shared.groups()).toBe(0);
  });
});
