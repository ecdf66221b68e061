import autocannon from "autocannon";
import { authorization } from "../auth";
import { warmThenMeasure, type LoadOptions, type Measurement } from "../load";
import type { GraphqlCall } from "./queries";

export type { LoadOptions, Measurement } from "../load";

/**
 * A warm-up pass (figures discarded, errors kept), then the measured pass, POSTing the scenario's
 * bodies to `<base>/graphql` in rotation. A 200 that carries `errors` counts as an error.
 */
export function measureGraphql(base: string, calls: GraphqlCall[], options: LoadOptions): Promise<Measurement> {
  const bodies = calls.map((call) => JSON.stringify(call));
  return warmThenMeasure((seconds, failures) => fire(base, bodies, options.connections, seconds, failures), options);
}

function fire(base: string, bodies: string[], connections: number, seconds: number, failures: { count: number }) {
  let next = 0;
  return autocannon({
    url: `${base}/graphql`,
    connections,
    duration: seconds,
    timeout: 10,
    method: "POST",
    headers: { "content-type": "application/json", ...authorization },
    body: bodies[0],
    requests: [
      {
        ...(bodies.length > 1 && { setupRequest: (request: autocannon.Request) => ({ ...request, body: bodies[next++ % bodies.length] }) }),
        // Errors are a top-level key; the seeded data never contains the word.
        onResponse: (status: number, body: string) => {
          if (status >= 200 && status < 300 && body.includes('"errors":')) failures.count++;
        },
      },
    ],
  });
}
