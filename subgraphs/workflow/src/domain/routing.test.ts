import { matchingRule, routedQueue, type RoutableQueue, type RoutingTable } from "./routing";

const state: RoutableQueue[] = [
  { id: "general", name: "general-intake", county: null },
  { id: "snap", name: "snap-intake", county: null },
];
const alameda: RoutableQueue[] = [
  { id: "alameda-general", name: "general-intake-alameda", county: "06001" },
  { id: "alameda-snap", name: "snap-intake-alameda", county: "06001" },
];
// The built-in table: SNAP-only work to snap-intake, the rest to general-intake.
const baseline: RoutingTable = { rules: [{ queue: "snap-intake", when: { programs: ["snap"] } }], defaultQueue: "general-intake" };

describe("routing by the configured rules", () => {
  it("sends SNAP-only work to snap-intake and everything else to the default", () => {
    expect(routedQueue({ programType: "snap" }, baseline, state)?.id).toBe("snap");
    expect(routedQueue({ programType: null, applicationPrograms: ["snap"] }, baseline, state)?.id).toBe("snap");
    expect(routedQueue({ programType: null, applicationPrograms: ["snap", "medicaid"] }, baseline, state)?.id).toBe("general");
    expect(routedQueue({ programType: "tanf" }, baseline, state)?.id).toBe("general");
    expect(routedQueue({ programType: null }, baseline, state)?.id).toBe("general");
  });

  it("takes the first rule that matches, each of its conditions holding", () => {
    const table: RoutingTable = {
      rules: [
        { queue: "expedited", when: { programs: ["snap"], expedited: true } },
        { queue: "kern", when: { counties: ["06029"] } },
        { queue: "snap-intake", when: { programs: ["snap"] } },
      ],
      defaultQueue: "general-intake",
    };
    expect(matchingRule({ programType: "snap", isExpedited: true, county: "06029" }, table)?.queue).toBe("expedited");
    expect(matchingRule({ programType: "snap", isExpedited: false, county: "06029" }, table)?.queue).toBe("kern");
    expect(matchingRule({ programType: "snap", county: "06001" }, table)?.queue).toBe("snap-intake");
    expect(matchingRule({ programType: "medicaid", county: "06001" }, table)).toBeNull();
    // A rule on counties does not match work that belongs to none.
    expect(matchingRule({ programType: "medicaid", county: null }, table)).toBeNull();
  });

  it("sends a county's work to the county's configured queue, its SLA-bearing program or not", () => {
    const kern = { id: "kern", name: "kern-intake", county: "06029" };
    const table: RoutingTable = {
      rules: [{ queue: "kern-intake", when: { counties: ["06029"] } }, ...baseline.rules],
      defaultQueue: "general-intake",
    };
    expect(routedQueue({ programType: "tanf", county: "06029" }, table, [...state, kern])?.id).toBe("kern");
    expect(routedQueue({ programType: "snap", county: "06029" }, table, [...state, kern])?.id).toBe("kern");
    expect(routedQueue({ programType: "snap", county: "06001" }, table, [...state, kern])?.id).toBe("snap");
  });

  it("falls back to the default queue when the rule's queue no longer exists, and to none when that is gone too", () => {
    expect(routedQueue({ programType: "snap" }, baseline, [state[0]!])?.id).toBe("general");
    expect(routedQueue({ programType: "snap" }, baseline, [])).toBeNull();
  });
});

describe("a county's own queues made through the API", () => {
  it("keep the county's work of the routed kind", () => {
    expect(routedQueue({ programType: "snap", county: "06001" }, baseline, [...state, ...alameda])?.id).toBe("alameda-snap");
    expect(routedQueue({ programType: "medicaid", county: "06001" }, baseline, [...state, ...alameda])?.id).toBe("alameda-general");
  });

  it("take the county's work whatever its kind when the county has one", () => {
    const single = [{ id: "alameda", name: "alameda-work", county: "06001" }];
    expect(routedQueue({ programType: "snap", county: "06001" }, baseline, [...state, ...single])?.id).toBe("alameda");
  });

  it("leave the state's queues to a county without its own, and to state-level work", () => {
    expect(routedQueue({ programType: "snap", county: "06041" }, baseline, [...state, ...alameda])?.id).toBe("snap");
    expect(routedQueue({ programType: "snap", county: null }, baseline, [...state, ...alameda])?.id).toBe("snap");
  });
});
