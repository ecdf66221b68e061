import type { Json } from "./expectations";

/** The reference agency simulator's switch (latency, failures): `set` changes it, `reset` restores the start-up settings. */
export function agencySwitch(agencyUrl: () => string) {
  return {
    set: (body: Json) =>
      fetch(`${agencyUrl()}/control`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    reset: () => fetch(`${agencyUrl()}/control`, { method: "DELETE" }),
  };
}
