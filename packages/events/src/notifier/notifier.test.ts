import { changeFromPayload } from "./notifier";

describe("the platform_events NOTIFY payloads", () => {
  it("tell a write from a numbering, and say through which position a numbering went", () => {
    expect(changeFromPayload("w")).toEqual({ kind: "written" });
    expect(changeFromPayload(undefined)).toEqual({ kind: "written" });
    expect(changeFromPayload("s:1042")).toEqual({ kind: "sequenced", through: 1042n });
    // An older sequencer's bare `s`, or anything unreadable after it, still wakes the hub.
    expect(changeFromPayload("s")).toEqual({ kind: "sequenced" });
    expect(changeFromPayload("s:x")).toEqual({ kind: "sequenced" });
  });
});
