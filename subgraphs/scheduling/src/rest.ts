import type { DomainContract } from "@pap/kernel";
import { crudRoutes } from "@pap/kernel";
import { appointmentCreateBody, appointmentListSpec, appointmentUpdateBody } from "./domain/appointment";
import { z } from "zod";

export const appointmentRoutes = crudRoutes({
  name: "Appointment",
  tag: "Scheduling",
  collectionPath: "/scheduling/appointments",
  idParam: "appointmentId",
  selection: "id startAt endAt appointmentType status personId assignedToId notes createdAt updatedAt",
  listSpec: appointmentListSpec,
  createBody: appointmentCreateBody,
  updateBody: appointmentUpdateBody,
  response: z.object({
    id: z.uuid(),
    startAt: z.iso.datetime(),
    endAt: z.iso.datetime(),
    appointmentType: z.string(),
    status: z.enum(["scheduled", "completed", "canceled", "no_show"]),
    personId: z.uuid(),
    assignedToId: z.uuid().nullable(),
    notes: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
});

/** This domain as the REST surface registers it. */
export const restContract: DomainContract = { name: "scheduling", restRoutes: () => appointmentRoutes };
