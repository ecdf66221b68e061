import { isDatabaseUnavailable } from "./database-unavailable";

// What the drivers throw when the primary goes away, as they throw it (shapes read off node-postgres,
// Prisma and its pg adapter); and what they throw for a statement that is simply wrong.
const wrapped = (inner: object) => ({
  message: "Invalid `prisma.task.update()` invocation",
  meta: { driverAdapterError: { cause: inner } },
});

it.each([
  ["a dropped connection (node-postgres)", new Error("Connection terminated unexpectedly")],
  ["a refused connection", Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:5432"), { code: "ECONNREFUSED" })],
  ["the server shutting down (57P01)", Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })],
  [
    "a demoted primary refusing a write (25006)",
    Object.assign(new Error("cannot execute UPDATE in a read-only transaction"), { code: "25006" }),
  ],
  ["a connection exception (08006)", Object.assign(new Error("connection failure"), { code: "08006" })],
  ["Prisma unable to reach the server (P1001)", Object.assign(new Error("Can't reach database server"), { code: "P1001" })],
  ["the adapter's closed connection", wrapped({ kind: "ConnectionClosed" })],
  ["the adapter's unreachable database", wrapped({ kind: "DatabaseNotReachable" })],
])("%s is the database being away", (_name, error) => {
  expect(isDatabaseUnavailable(error)).toBe(true);
});

it.each([
  ["a unique violation", Object.assign(new Error("duplicate key value"), { code: "23505" })],
  ["a syntax error of our own", Object.assign(new Error("syntax error at or near"), { code: "42601" })],
  ["a plain fault of our code", new TypeError("cannot read properties of undefined")],
  ["nothing", undefined],
])("%s is not", (_name, error) => {
  expect(isDatabaseUnavailable(error)).toBe(false);
});
