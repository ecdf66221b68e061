import { ControlSwitch, controlFromEnv, defaultControl } from "./control";

describe("ControlSwitch", () => {
  it("starts from the defaults and the start-up settings, changes by parts and resets to the start-up settings", () => {
    const control = new ControlSwitch({ latencyMs: 10 });
    expect(control.current).toEqual({ ...defaultControl, latencyMs: 10 });
    expect(control.update({ failing: ["uib", "uib", "swica"], failureRate: 0.5 })).toEqual({
      latencyMs: 10,
      failureRate: 0.5,
      failing: ["uib", "swica"],
      slowMs: 3000,
    });
    expect(control.update({ slowMs: 100 })).toMatchObject({ failing: ["uib", "swica"], slowMs: 100 });
    expect(control.reset()).toEqual({ ...defaultControl, latencyMs: 10 });
  });

  it("hands out copies, so nobody changes it behind its back", () => {
    const control = new ControlSwitch();
    control.current.failing.push("uib");
    expect(control.current.failing).toEqual([]);
  });
});

describe("controlFromEnv", () => {
  it("reads the four settings, the failing list as a comma list", () => {
    expect(
      controlFromEnv({
        AGENCY_SIMULATOR_LATENCY_MS: "25",
        AGENCY_SIMULATOR_FAILURE_RATE: "0.1",
        AGENCY_SIMULATOR_FAILING: " fdsh_ssa, save ,",
        AGENCY_SIMULATOR_SLOW_MS: "500",
      }),
    ).toEqual({ latencyMs: 25, failureRate: 0.1, failing: ["fdsh_ssa", "save"], slowMs: 500 });
    expect(controlFromEnv({})).toEqual({});
  });

  it("refuses values the switch would refuse, naming the variable", () => {
    expect(() => controlFromEnv({ AGENCY_SIMULATOR_FAILURE_RATE: "2" })).toThrow(/AGENCY_SIMULATOR_FAILURE_RATE/);
    expect(() => controlFromEnv({ AGENCY_SIMULATOR_LATENCY_MS: "soon" })).toThrow(/AGENCY_SIMULATOR_LATENCY_MS/);
    expect(() => controlFromEnv({ AGENCY_SIMULATOR_FAILING: "fdsh_ssa,irs" })).toThrow(/AGENCY_SIMULATOR_FAILING/);
  });
});
