// A process that runs one durable consumer until it has caught up with the log, for the test that kills
// a consumer mid-stream (test/events/consumers.test.ts). Plain JavaScript on the built packages, because
// Jest's TypeScript transform exists only inside Jest: run `turbo run build` first.
//
//   node consumer-worker.js <postgres url> <consumer name> <event type pattern>
//
// Each event's effect is a row in consumer_effect (no unique constraint: a repeated effect shows as a
// second row). Prints "handling <event id>" inside each event's transaction, and "drained" (then exits 0)
// once the consumer's position reaches the log's head.
const path = require("node:path");
const { startConsumers, startEventRuntime } = require(path.resolve(__dirname, "../../packages/events/dist/index.js"));
const { openDatabase } = require(path.resolve(__dirname, "../../prisma/dist/src/index.js"));

const [url, name, typePattern] = process.argv.slice(2);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const database = await openDatabase({ kind: "postgres", url, poolSize: 3 }, { migrate: false });
  const eventRuntime = await startEventRuntime(database, { typePrefix: "" }, { hub: { pollIntervalMs: 50 } });
  const consumers = startConsumers(
    { db: database.prisma, eventRuntime },
    [
      {
        name,
        filter: { types: [typePattern] },
        async handle({ tx, event }) {
          await tx.$executeRaw`INSERT INTO consumer_effect (event_id) VALUES (${event.id}::uuid)`;
          // Tells the test an effect is written but not committed: killing the process now must discard it.
          process.stdout.write(`handling ${event.id}\n`);
          await sleep(5);
        },
      },
    ],
    { pollIntervalMs: 50 },
  );
  await consumers.drain();
  await consumers.stop();
  await eventRuntime.close();
  await database.close();
  process.stdout.write("drained\n");
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
