import { routedQueue, type RoutableQueue } from "./routing";

const state: RoutableQueue[] = [
  { id: "general", name: "general-intake", county: null },
  { id: "snap", name: "snap-intake", county: null },
];
const alameda: RoutableQueue[] = [
  { id: "alameda-general", name: "general-intake-alameda", county: "06001" },
  { id: "alameda-snap", name: "snap-intake-alameda", county: "06001" },
];

describe("routing to county queues", () => {
  it("sends a county's task to that county's queue of the routed kind", () => {
    expect(routedQueue({ programType: "snap", county: "06001" }, [...state, ...alameda])?.id).toBe("alameda-snap");
    expect(routedQueue({ programType: "medicaid", county: "06001" }, [...state, ...alameda])?.id).toBe("alameda-general");
  });

  it("sends it to the county's one queue whatever the kind, when the county has one", () => {
    const single = [{ id: "alameda", name: "alameda-work", county: "06001" }];
    expect(routedQueue({ programType: "snap", county: "06001" }, [...state, ...single])?.id).toBe("alameda");
  });

  it("keeps the state's queues for a county without its own, and for state-level tasks", () => {
    expect(routedQueue({ programType: "snap", county: "06041" }, [...state, ...alameda])?.id).toBe("snap");
    expect(routedQueue({ programType: "snap", county: null }, [...state, ...alameda])?.id).toBe("snap");
    expect(routedQueue({ programType: "snap" }, [state[0]!])?.id).toBe("general");
  });
});
