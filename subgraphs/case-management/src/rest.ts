import type { DomainContract } from "@pap/kernel";
import { crudRoutes } from "@pap/kernel";
import { caseCreateBody, caseListSpec, caseUpdateBody } from "./domain/case";
import { z } from "zod";

export const caseRoutes = crudRoutes({
  name: "Case",
  tag: "Case management",
  collectionPath: "/case-management/cases",
  idParam: "caseId",
  selection: "id status effectiveStartDate effectiveEndDate primaryApplicantId members { personId relationship } assignedToId createdAt updatedAt",
  listSpec: caseListSpec,
  createBody: caseCreateBody,
  updateBody: caseUpdateBody,
  response: z.object({
    id: z.uuid(),
    status: z.enum(["active", "closed"]),
    effectiveStartDate: z.iso.date().nullable(),
    effectiveEndDate: z.iso.date().nullable(),
    primaryApplicantId: z.uuid(),
    members: z.array(z.object({ personId: z.uuid(), relationship: z.string() })),
    assignedToId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
});

/** This domain as the REST surface registers it. */
export const restContract: DomainContract = { name: "case-management", restRoutes: () => caseRoutes };
