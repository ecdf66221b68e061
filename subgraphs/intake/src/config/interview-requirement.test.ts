import { missingInterview, missingInterviewDetail, snapInterviewRequired } from "./interview-requirement";

const pending = { completedAt: null, waiverGranted: null };

describe("the SNAP interview requirement", () => {
  it("holds a SNAP application back until its interview is held or waived, naming the interview", () => {
    expect(missingInterview({ programs: ["snap"], interview: null }, true)).toEqual([missingInterviewDetail]);
    expect(missingInterview({ programs: ["medicaid", "snap"], interview: pending }, true)).toEqual([missingInterviewDetail]);
    expect(missingInterview({ programs: ["snap"], interview: { ...pending, waiverGranted: false } }, true)).toEqual([
      missingInterviewDetail,
    ]);
    expect(missingInterview({ programs: ["snap"], interview: { ...pending, completedAt: new Date() } }, true)).toEqual([]);
    expect(missingInterview({ programs: ["snap"], interview: { ...pending, waiverGranted: true } }, true)).toEqual([]);
  });

  it("asks nothing of an application without SNAP, or of a deployment that waives the interview", () => {
    expect(missingInterview({ programs: ["medicaid"], interview: null }, true)).toEqual([]);
    expect(missingInterview({ programs: ["snap"], interview: null }, false)).toEqual([]);
  });

  it("is on unless SNAP_INTERVIEW_REQUIRED=false", () => {
    expect(snapInterviewRequired({})).toBe(true);
    expect(snapInterviewRequired({ SNAP_INTERVIEW_REQUIRED: "false" })).toBe(false);
    expect(() => snapInterviewRequired({ SNAP_INTERVIEW_REQUIRED: "maybe" })).toThrow(/true or false/);
  });
});
