import { choosePart, type PartChoice } from "./part-choice";
import { defineMachine } from "./machine";

type Light = { id: string; status: "off" | "on" | "broken" };

const light = defineMachine<Light, Light["status"], string, never, object>({
  resource: "light",
  initial: "off",
  states: { off: { description: "" }, on: { description: "" }, broken: { description: "" } },
  guards: {},
  actions: {
    switch_on: { description: "", from: ["off"], to: "on", who: [{ actors: ["case_worker"] }], emits: () => ({ name: "light.on" }) },
  },
});

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const C = "00000000-0000-4000-8000-00000000000c";
const worker = { roles: ["case_worker"] as const };

const choice = (overrides: Partial<PartChoice<Light>>): PartChoice<Light> => ({
  machine: light,
  action: "switch_on",
  caller: worker,
  partField: "lightId",
  whenUnnamed: "only-open-part",
  named: undefined,
  parts: [
    { id: A, status: "off" },
    { id: B, status: "on" },
  ],
  parent: "room",
  describe: (part) => `${part.id} (${part.status})`,
  ...overrides,
});

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as { status: number; code: string; message: string; details?: { field: string; message: string }[] };
  }
  throw new Error("expected a refusal");
};

describe("choosePart", () => {
  it("takes the part named, in any state and any case, leaving its state and the role to the machine", () => {
    expect(choosePart(choice({ named: B })).id).toBe(B);
    expect(choosePart(choice({ named: A.toUpperCase(), caller: { roles: ["applicant"] } })).id).toBe(A);
  });

  it("takes the only part the action applies to when none is named and the rule allows it", () => {
    expect(choosePart(choice({})).id).toBe(A);
  });

  it("refuses to choose when the rule says so, listing what could be named", () => {
    const refused = refusal(() => choosePart(choice({ whenUnnamed: "refuse" })));
    expect(refused).toMatchObject({
      status: 422,
      code: "VALIDATION_ERROR",
      message: "Name the light to switch_on in 'lightId': one light of the room is off.",
    });
    expect(refused.details).toEqual([
      { field: "lightId", message: "is required" },
      { field: "lightId", message: `may be ${A} (off)` },
    ]);
  });

  it("refuses several candidates, or none, or a name that is not one of the parent's", () => {
    const parts = [
      { id: A, status: "off" as const },
      { id: C, status: "off" as const },
    ];
    expect(refusal(() => choosePart(choice({ parts }))).details).toHaveLength(3);
    expect(refusal(() => choosePart(choice({ parts: [{ id: B, status: "on" }] })))).toMatchObject({
      status: 422,
      message: "No light of the room can be acted on by switch_on: none is off.",
    });
    expect(refusal(() => choosePart(choice({ named: C }))).details![0]).toEqual({
      field: "lightId",
      message: "names no light of this room",
    });
    expect(refusal(() => choosePart(choice({ named: "lamp" }))).details![0]).toEqual({
      field: "lightId",
      message: "names no light of this room",
    });
  });

  it("refuses a caller no clause of the action admits before saying anything of the parts", () => {
    const refused = refusal(() => choosePart(choice({ caller: { roles: ["applicant"] }, whenUnnamed: "refuse" })));
    expect(refused).toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect(refused.details).toBeUndefined();
  });
});
