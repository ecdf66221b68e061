// A domain declares consumers on its subgraph; every process hosting that domain runs them, with the
// deployment's type prefix applied to their filters. Checked through the same service start-up the
// platform processes use.
import { randomUUID } from "node:crypto";
import { defineDomainEvents, type ConsumerDefinition } from "@pap/events";
import { openProcessServices, type PlatformSubgraph } from "@pap/gateway";
import { createLogger } from "@pap/core";
import { anonymous } from "@pap/kernel/auth";
import { buildSchema } from "graphql";
import { createTestDatabase } from "../support/platform";
import { WAIT_MS, waitForValue } from "../support/waiting";

const widgets = defineDomainEvents("widgets", "/widgets", { "widget.made": "a widget was made", "widget.counted": "a widget was counted" });

const countWidgets: ConsumerDefinition = {
  name: "widgets.count-made-widgets",
  filter: { types: ["widgets.widget.made"] },
  handle: async ({ tx, event, events }) => {
    await events.record(tx, widgets.draft("widget.counted", event.subject, { of: event.id }));
  },
};

const widgetDomain: PlatformSubgraph = {
  name: "widgets",
  schema: buildSchema("type Query { ping: String }"),
  createContext: () => ({}),
  events: widgets,
  permissions: {},
  consumers: [countWidgets],
};

it("runs the hosted domains' consumers, reacting to prefixed types and recording caused events", async () => {
  const url = await createTestDatabase("consumers_platform");
  const hosted = await openProcessServices({
    database: { kind: "postgres", url, poolSize: 3 },
    logger: createLogger("test"),
    hosted: [widgetDomain],
    migrate: false,
    events: { typePrefix: "org.example." },
  });
  try {
    const { db, eventRuntime } = hosted.services;
    const subject = randomUUID();
    const [made] = await db.$transaction((tx) =>
      eventRuntime.recorderFor({}, async () => anonymous).record(tx, widgets.draft("widget.made", subject)),
    );
    const counted = await waitForValue(
      async () => (await db.platformEvent.findFirst({ where: { type: "org.example.widgets.widget.counted" } })) ?? undefined,
      "the consumer's widget.counted",
      WAIT_MS,
      50,
    );
    expect(made!.type).toBe("org.example.widgets.widget.made");
    expect(counted).toMatchObject({ subject, causationid: made!.id, authtype: "system", data: { of: made!.id } });
    expect(counted.traceid).toBe(made!.traceparent!.slice(3, 35));
  } finally {
    await hosted.close();
  }
});
