// Records the authorization matrices and the preconditions need from the communication domain.
import type { PrismaClient } from "@pap/db";
import { randomUUID } from "node:crypto";

type Admin = (method: string, path: string, body?: unknown) => Promise<{ status: number; body?: any }>;

/**
 * A valid body for `POST /communication/notices`: a residency document request for a fresh application
 * of one member with an address, and the verification it asks for.
 */
export async function noticeRequest(admin: Admin) {
  const application = (await admin("POST", "/intake/applications", { programs: ["snap"] })).body.id as string;
  await admin("POST", `/intake/applications/${application}/members`, {
    roles: ["primary_applicant"],
    programsAppliedFor: ["snap"],
    contact: {
      name: { firstName: "Matrix", lastName: randomUUID().slice(0, 8) },
      primaryAddress: { addressLine1: "1 Main St", city: "Springfield", state: "IL", zip: "62701" },
    },
  });
  const verification = (await admin("POST", `/intake/applications/${application}/verifications`, { category: "residency" })).body
    .id as string;
  return {
    type: "document_request_residency_verification",
    applicationId: application,
    subjectType: "verification",
    subjectId: verification,
  };
}

/** A sent notice with one paper copy waiting, stored as the platform stores one (its PDF is not rendered: the print batch skips it). */
export async function storedNotice(db: PrismaClient): Promise<{ noticeId: string; copyId: string }> {
  const notice = await db.notice.create({
    data: {
      type: "notice_of_action",
      program: "snap",
      status: "queued",
      language: "en",
      applicationId: randomUUID(),
      recipients: [],
      metadata: {},
    },
  });
  const copy = await db.noticeDelivery.create({
    data: {
      noticeId: notice.id,
      recipientId: randomUUID(),
      channel: "paper",
      destination: {
        channel: "paper",
        name: "Matrix",
        address: { addressLine1: "1 Main St", city: "Springfield", state: "IL", zip: "62701" },
      },
    },
  });
  return { noticeId: notice.id, copyId: copy.id };
}
