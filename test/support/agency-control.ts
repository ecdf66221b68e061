/** A JSON body as the tests read it. */
export type Json = { [key: string]: any };

/** The body of a response that must have `status`; otherwise fails naming `what` with what came back. */
export async function expectStatus(response: Promise<{ status: number; body?: any }>, status: number, what: string): Promise<Json> {
  const result = await response;
  if (result.status !== status) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

/** The reference agency simulator's switch (latency, failures): `set` changes it, `reset` restores the start-up settings. */
export function agencySwitch(agencyUrl: () => string) {
  return {
    set: (body: Json) => fetch(`${agencyUrl()}/control`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    reset: () => fetch(`${agencyUrl()}/control`, { method: "DELETE" }),
  };
}
