import { ApiError } from "@pap/core";
import { systemPrincipal, type Principal } from "@pap/kernel/auth";
import { agencyAdapterPrincipal } from "@pap/data-exchange/contract";
import { intakeSensitiveSources } from "./sensitive-sources";

// Intake's door to the facts agencies match on (issue 17) opens to the data-exchange adapters' own
// principal and to nobody else, not even the system or a state administrator, and refuses before it
// reads anything.

const MEMBER = "6f1d2c3b-4a5e-4f60-8b7a-9c0d1e2f3a4b";
const member = {
  personalInformation: { ssn: "123-45-6781", dateOfBirth: "1988-03-14" },
  contact: { name: { firstName: "Grace", lastName: "Okafor" } },
};
const income = { type: "employed", amount: 900, frequency: "monthly", payerName: "Riverside Clinic", member };

/** A stand-in for the Prisma client that records what was selected, so a refused read can show it touched nothing. */
function database() {
  const reads: string[] = [];
  const db = {
    applicationMember: {
      findUnique: async (query: { select: object }) => (reads.push(`member ${Object.keys(query.select).join(",")}`), member),
    },
    income: { findUnique: async (query: { select: object }) => (reads.push(`income ${Object.keys(query.select).join(",")}`), income) },
  };
  return { db, reads };
}

const source = (type: string) => intakeSensitiveSources.find((entry) => entry.resourceType === type)!;
const user = (roles: Principal["roles"]): Principal => ({ kind: "user", id: "u-1", roles, counties: [] });

describe("intake's sensitive sources", () => {
  it("give the agency adapters' principal a member's identity, and an income with its member's", async () => {
    const { db, reads } = database();
    expect(await source("intake/applications/members").read(db, MEMBER, agencyAdapterPrincipal)).toEqual({
      ssn: "123-45-6781",
      firstName: "Grace",
      lastName: "Okafor",
      dateOfBirth: "1988-03-14",
    });
    expect(await source("intake/applications/incomes").read(db, MEMBER, agencyAdapterPrincipal)).toMatchObject({
      ssn: "123-45-6781",
      income: { type: "employed", amount: 900, frequency: "monthly", employerName: "Riverside Clinic" },
    });
    expect(reads).toEqual(["member personalInformation,contact", "income type,amount,frequency,payerName,member"]);
  });

  it.each([
    ["the system", systemPrincipal],
    ["a caseworker", user(["case_worker"])],
    ["a state administrator", user(["state_admin"])],
    ["a partner", user(["partner_readonly"])],
    ["an applicant", user(["applicant"])],
  ])("refuse %s (403) without reading anything", async (_who, caller) => {
    for (const { resourceType } of intakeSensitiveSources) {
      const { db, reads } = database();
      const refusal = await source(resourceType)
        .read(db, MEMBER, caller)
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ApiError);
      expect(refusal).toMatchObject({ status: 403, message: expect.stringContaining("applications:read:verification-facts") });
      expect(reads).toEqual([]);
    }
  });
});
