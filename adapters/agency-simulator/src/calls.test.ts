import { CallLog, type AgencyAnswer } from "./calls";

const answer = (requestId: string): Promise<AgencyAnswer> =>
  Promise.resolve({ requestId, serviceType: "fdsh_ssa", result: "conclusive", serviceResult: {}, respondedAt: "2026-03-15T12:00:00.000Z" });

it("counts requests and 200s per key and keeps each service type's answer", async () => {
  const calls = new CallLog();
  calls.received("k");
  calls.received("k");
  calls.answered("k");
  const remembered = answer("r1");
  calls.remember("k", "fdsh_ssa", remembered);
  expect(calls.count("k")).toEqual({ key: "k", received: 2, answered: 1 });
  expect(calls.answerFor("k", "fdsh_ssa")).toBe(remembered);
  expect(calls.answerFor("k", "save")).toBeUndefined();
  expect(calls.count("never")).toBeUndefined();
});

it("forgets the oldest key past its capacity", () => {
  const calls = new CallLog(2);
  for (const key of ["a", "b", "c"]) {
    calls.received(key);
    calls.remember(key, "uib", answer(key));
  }
  expect(calls.size).toBe(2);
  expect(calls.count("a")).toBeUndefined();
  expect(calls.answerFor("a", "uib")).toBeUndefined();
  expect(calls.count("c")).toEqual({ key: "c", received: 1, answered: 0 });
});
