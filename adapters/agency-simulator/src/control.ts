import { z } from "zod";
import { serviceTypes, type ServiceType } from "./service-types";

/**
 * The switch that makes the simulated agencies slow or unreliable, so the platform's retries, circuit
 * breaker and timeouts can be exercised: set at start-up from the environment, changed at run time
 * through `PUT /control`, put back to the start-up settings by `DELETE /control`.
 */
export type ControlState = {
  /** Added before every answer of an agency route. */
  latencyMs: number;
  /** The fraction of agency requests answered 503 at random. */
  failureRate: number;
  /** Service types that answer 503 to every request. */
  failing: ServiceType[];
  /** How long an SSN ending in 9 makes the agency take. */
  slowMs: number;
};

export const defaultControl: Readonly<ControlState> = Object.freeze({ latencyMs: 0, failureRate: 0, failing: [], slowMs: 3000 });

/** A change to the switch: any subset of its fields. Unknown fields are refused, so a misspelt one is not silently ignored. */
export const controlUpdate = z.strictObject({
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  failureRate: z.number().min(0).max(1).optional(),
  failing: z.array(z.enum(serviceTypes)).optional(),
  slowMs: z.number().int().min(0).max(600_000).optional(),
});

export type ControlUpdate = z.infer<typeof controlUpdate>;

const copy = (state: ControlState): ControlState => ({ ...state, failing: [...state.failing] });

/** Applies a change to a state: the result is new, the failing list without repeats. */
export function applyControl(state: ControlState, change: ControlUpdate): ControlState {
  const next = { ...copy(state), ...Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) } as ControlState;
  return { ...next, failing: [...new Set(next.failing)] };
}

export class ControlSwitch {
  private state: ControlState;
  private readonly startUp: ControlState;

  constructor(startUp: ControlUpdate = {}) {
    this.startUp = applyControl(defaultControl, controlUpdate.parse(startUp));
    this.state = copy(this.startUp);
  }

  get current(): ControlState {
    return copy(this.state);
  }

  update(change: ControlUpdate): ControlState {
    this.state = applyControl(this.state, change);
    return this.current;
  }

  /** Back to the start-up settings (the environment's), not the built-in defaults. */
  reset(): ControlState {
    this.state = copy(this.startUp);
    return this.current;
  }
}

/**
 * The start-up settings from AGENCY_SIMULATOR_LATENCY_MS, AGENCY_SIMULATOR_FAILURE_RATE,
 * AGENCY_SIMULATOR_FAILING (a comma list of service types) and AGENCY_SIMULATOR_SLOW_MS. A value the
 * switch would refuse stops the start rather than being ignored.
 */
export function controlFromEnv(env: NodeJS.ProcessEnv = process.env): ControlUpdate {
  const number = (name: string) => {
    const value = env[name]?.trim();
    if (!value) return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) throw new Error(`${name} must be a number, not '${value}'.`);
    return parsed;
  };
  const failing = env.AGENCY_SIMULATOR_FAILING?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const given = {
    latencyMs: number("AGENCY_SIMULATOR_LATENCY_MS"),
    failureRate: number("AGENCY_SIMULATOR_FAILURE_RATE"),
    failing: failing?.length ? failing : undefined,
    slowMs: number("AGENCY_SIMULATOR_SLOW_MS"),
  };
  const parsed = controlUpdate.safeParse(given);
  if (!parsed.success) {
    const names: Record<string, string> = {
      latencyMs: "AGENCY_SIMULATOR_LATENCY_MS",
      failureRate: "AGENCY_SIMULATOR_FAILURE_RATE",
      failing: "AGENCY_SIMULATOR_FAILING",
      slowMs: "AGENCY_SIMULATOR_SLOW_MS",
    };
    const issue = parsed.error.issues[0]!;
    throw new Error(`${names[String(issue.path[0])] ?? "The agency simulator's settings"}: ${issue.message}`);
  }
  return parsed.data;
}
