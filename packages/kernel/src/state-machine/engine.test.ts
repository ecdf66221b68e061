import { z } from "zod";
import { availableActions, planTransition } from "./engine";
import { actionTable, mermaidDiagram } from "./describe";
import { defineMachine } from "./machine";

type Door = { id: string; status: "open" | "closed" | "locked"; lockedBy: string | null; closedAt: Date | null };

const door = defineMachine<Door, Door["status"], string, "isLocker", { bolt: string }>({
  resource: "door",
  initial: "open",
  states: { open: { description: "" }, closed: { description: "" }, locked: { description: "" } },
  guards: { isLocker: { test: (record, caller) => record.lockedBy === caller.id, refusal: "only whoever locked it may unlock it" } },
  actions: {
    close: {
      description: "Closes it.",
      from: ["open"],
      to: "closed",
      who: [{ actors: ["case_worker"] }],
      effects: (_record, { now }) => ({ closedAt: now }),
      emits: () => ({ name: "door.closed" }),
    },
    lock: {
      description: "Locks it.",
      from: ["closed"],
      to: "locked",
      who: [{ actors: ["supervisor"] }],
      body: z.strictObject({ reason: z.string().min(1, "is required") }),
      effects: (_record, { caller }) => ({ lockedBy: caller.id ?? null }),
      emits: (after, { body, env }) => ({ name: "door.locked", data: { by: after.lockedBy, reason: body.reason, bolt: env.bolt } }),
    },
    unlock: {
      description: "Unlocks it.",
      from: ["locked"],
      to: "closed",
      who: [{ actors: ["case_worker"], guards: ["isLocker"] }, { actors: ["system"] }],
      effects: () => ({ lockedBy: null }),
      emits: () => [{ name: "door.unlocked" }, { name: "door.audited", subject: "audit", causationid: "c" }],
    },
    knock: {
      description: "Knocks.",
      from: ["open", "closed", "locked"],
      who: [{ actors: ["applicant"] }],
      emits: () => ({ name: "door.knocked" }),
    },
  },
});

const now = new Date("2026-11-22T10:00:00.000Z");
const env = { bolt: "brass" };
const record = (status: Door["status"], lockedBy: string | null = null): Door => ({ id: "d1", status, lockedBy, closedAt: null });
const worker = { id: "w1", roles: ["case_worker"] as const };
const supervisor = { id: "s1", roles: ["supervisor"] as const };

const outcome = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return "ok";
  } catch (error) {
    const { status, code } = error as { status: number; code: string };
    return `${status} ${code}`;
  }
};

describe("planTransition", () => {
  it("applies effects, moves the state and names the events, writing nothing", async () => {
    const before = record("open");
    const plan = await planTransition(door, "close", before, worker, {}, env, now);
    expect(plan).toEqual({
      action: "close",
      from: "open",
      to: "closed",
      changes: { closedAt: now, status: "closed" },
      after: { ...before, closedAt: now, status: "closed" },
      emissions: [{ name: "door.closed" }],
    });
    expect(before.status).toBe("open");
  });

  it("computes emissions from the record after the action, with the body and the environment", async () => {
    const plan = await planTransition(door, "lock", record("closed"), supervisor, { reason: "night" }, env, now);
    expect(plan.emissions).toEqual([{ name: "door.locked", data: { by: "s1", reason: "night", bolt: "brass" } }]);
  });

  it("keeps the state of an in-place action and still emits", async () => {
    const plan = await planTransition(door, "knock", record("locked"), { id: "a", roles: ["applicant"] }, undefined, env, now);
    expect(plan).toEqual(expect.objectContaining({ from: "locked", to: "locked", changes: {}, emissions: [{ name: "door.knocked" }] }));
  });

  it("passes several emissions with their subject and causation through", async () => {
    const plan = await planTransition(door, "unlock", record("locked", "w1"), worker, {}, env, now);
    expect(plan.emissions).toEqual([{ name: "door.unlocked" }, { name: "door.audited", subject: "audit", causationid: "c" }]);
  });

  describe("checks in the contract's order: state 409, role 403, guard 409, body 422", () => {
    it("refuses an action from a state it does not start from, whoever asks and whatever the body", async () => {
      expect(await outcome(planTransition(door, "lock", record("open"), worker, { bad: 1 }, env, now))).toBe("409 CONFLICT");
    });
    it("refuses an unknown action with 409", async () => {
      expect(await outcome(planTransition(door, "paint", record("open"), supervisor, {}, env, now))).toBe("409 CONFLICT");
    });
    it("refuses a caller holding none of the roles with 403 before looking at the body", async () => {
      expect(await outcome(planTransition(door, "lock", record("closed"), worker, { bad: 1 }, env, now))).toBe("403 FORBIDDEN");
    });
    it("refuses with 409 when the role fits but no clause's guards hold, naming why", async () => {
      const refused = planTransition(door, "unlock", record("locked", "someone-else"), worker, {}, env, now);
      await expect(refused).rejects.toMatchObject({ status: 409, message: "Cannot unlock: only whoever locked it may unlock it." });
    });
    it("admits through any clause: the system unlocks without the guard", async () => {
      expect(
        await outcome(planTransition(door, "unlock", record("locked", "someone-else"), { id: "system", roles: ["system"] }, {}, env, now)),
      ).toBe("ok");
    });
    it("refuses a bad body last, with 422 and the field named", async () => {
      await expect(planTransition(door, "lock", record("closed"), supervisor, { reason: "" }, env, now)).rejects.toMatchObject({
        status: 422,
        code: "VALIDATION_ERROR",
        details: [{ field: "reason", message: "is required" }],
      });
    });
    it("refuses any field sent to an action that takes no body", async () => {
      await expect(planTransition(door, "close", record("open"), worker, { extra: true }, env, now)).rejects.toMatchObject({
        status: 422,
        details: [{ field: "extra", message: "is not allowed (unknown field)" }],
      });
    });
  });

  it("lets inherited roles act: an administrator is a supervisor", async () => {
    expect(
      await outcome(planTransition(door, "lock", record("closed"), { id: "x", roles: ["state_admin"] }, { reason: "r" }, env, now)),
    ).toBe("ok");
  });
});

describe("availableActions", () => {
  it("lists what the caller could do now: state, roles and guards", () => {
    expect(availableActions(door, record("locked", "w1"), worker)).toEqual(["unlock"]);
    expect(availableActions(door, record("locked", "w2"), worker)).toEqual([]);
    expect(availableActions(door, record("closed"), supervisor)).toEqual(["lock"]);
  });
});

describe("describing a machine", () => {
  it("draws each state-changing move once per from-state, and leaves in-place actions to the table", () => {
    expect(mermaidDiagram(door)).toBe(
      ["stateDiagram-v2", "  [*] --> open", "  open --> closed: close", "  closed --> locked: lock", "  locked --> closed: unlock"].join(
        "\n",
      ),
    );
  });
  it("tabulates every action with its required and optional body fields", () => {
    const table = actionTable(door);
    expect(table).toContain("| `lock` | closed | locked | supervisor | **reason** | Locks it. |");
    expect(table).toContain("| `unlock` | locked | closed | case_worker (isLocker); or system | — | Unlocks it. |");
    expect(table).toContain("| `knock` | open, closed, locked | (stays) | applicant | — | Knocks. |");
  });
});
