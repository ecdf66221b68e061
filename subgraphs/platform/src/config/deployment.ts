import { benefitPrograms, defineConfigSection } from "@pap/core";
import { z } from "zod";
import { seededPolicies } from "./policies";

const builtInPolicies = seededPolicies.map((policy) => ({ ...policy, programs: policy.programs ? [...policy.programs] : undefined }));

const policyEntry = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be a lower-case slug such as snap-income-limits"),
  citation: z.string().trim().min(1).max(200),
  citationUrl: z.url().optional(),
  description: z.string().trim().min(1).max(2000),
  programs: z.array(z.enum(benefitPrograms)).optional(),
});

/**
 * The platform's section of the deployment's configuration: the policy registry. The file's list is
 * the registry: an entry left out is removed from it at the next start (nothing refers to a policy by key).
 */
export const platformSection = defineConfigSection(
  "platform",
  z.strictObject({ policies: z.array(policyEntry) }).superRefine((section, ctx) => {
    const seen = new Map<string, number>();
    section.policies.forEach((policy, index) => {
      const first = seen.get(policy.id);
      if (first === undefined) seen.set(policy.id, index);
      else ctx.addIssue({ code: "custom", path: ["policies", index, "id"], message: `repeats the id of entry ${first} (${policy.id})` });
    });
  }),
  { policies: builtInPolicies },
  (section) => `${section.policies.length} policies`,
);
