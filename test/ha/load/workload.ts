import { randomUUID } from "node:crypto";
import { timerRequested } from "../../support/timer-requests";
import type { LoadClient } from "./client";

/** The caller headers each flow sends (tokens minted by the test with the hosts' signing secret). */
export type Callers = {
  applicant: Record<string, string>;
  caseworker: Record<string, string>;
  admin: Record<string, string>;
  system: Record<string, string>;
};

/** What the load made and the platform acknowledged: the ids the checks look for afterwards. */
export type Made = {
  applications: { id: string; memberId: string; submitted: boolean }[];
  tasks: { id: string; completed: boolean }[];
  documents: { id: string; versionId: string; uploadedBy: string | null; downloadedFrom: string[] }[];
  timers: { timerId: string; subject: string }[];
  errors: string[];
};

export const emptyMade = (): Made => ({ applications: [], tasks: [], documents: [], timers: [], errors: [] });

/** A SNAP-and-Medicaid household of one, filed and submitted: its verifications call the agencies, its submission the adapter. */
async function fileApplication(client: LoadClient, callers: Callers, made: Made, index: number) {
  const { applicant } = callers;
  const application = await client.send("POST", "/intake/applications", {
    body: { programs: ["medicaid"], channel: "online" },
    headers: applicant,
  });
  const base = `/intake/applications/${application.body.id}`;
  const member = await client.send("POST", `${base}/members`, {
    headers: applicant,
    body: {
      roles: ["primary_applicant"],
      programsAppliedFor: ["medicaid"],
      // The simulator answers an SSN ending in 1 conclusively.
      personalInformation: { ssn: `123-45-${String(100 + (index % 900))}1`, dateOfBirth: "1988-03-14" },
      citizenship: { citizenshipStatus: "us_citizen" },
      contact: {
        name: { firstName: "Fault", lastName: `Tolerant${index}` },
        primaryAddress: { addressLine1: "4 Elm St", city: "Springfield", state: "IL", zip: "62704" },
      },
    },
  });
  const record = { id: application.body.id as string, memberId: member.body.id as string, submitted: false };
  made.applications.push(record);
  await client.send("POST", `${base}/signatures`, {
    headers: applicant,
    body: {
      signer: { type: "member", id: record.memberId, role: "applicant" },
      purpose: "application",
      signedAt: "2026-11-25T09:00:00Z",
      signatureMethod: "electronic",
    },
  });
  await client.send("POST", `${base}/submit`, { headers: applicant });
  record.submitted = true;
}

/** A caseworker's task: opened by a supervisor, claimed, completed. */
async function workTask(client: LoadClient, callers: Callers, made: Made, index: number) {
  const task = await client.send("POST", "/workflow/tasks", {
    headers: callers.admin,
    body: { name: `Fault-tolerance review ${index}`, programType: "snap" },
  });
  const record = { id: task.body.id as string, completed: false };
  made.tasks.push(record);
  await client.send("POST", `/workflow/tasks/${record.id}/claim`, { headers: callers.caseworker });
  await client.send("POST", `/workflow/tasks/${record.id}/complete`, { headers: callers.caseworker, body: { outcome: "approved" } });
  record.completed = true;
}

/** The seeded `lease_agreement` document type. */
const LEASE_AGREEMENT = "e1f2a3b4-c5d6-4e7f-8a9b-c0d1e2f3a4b5";

/** A document uploaded through the load balancer, then read back from every host directly. */
async function shareDocument(
  client: LoadClient,
  callers: Callers,
  made: Made,
  hosts: () => { name: string; url: string }[],
  index: number,
) {
  const text = `lease ${index} ${randomUUID()}`;
  const uploaded = await client.send("POST", "/document-management/documents", {
    headers: callers.admin,
    form: () => {
      const form = new FormData();
      form.append("file", new Blob([text]), `lease-${index}.pdf`);
      form.append("documentTypeId", LEASE_AGREEMENT);
      form.append("title", `Lease ${index}`);
      return form;
    },
  });
  const record = {
    id: uploaded.body.id as string,
    versionId: uploaded.body.latestVersionId as string,
    uploadedBy: uploaded.servedBy,
    downloadedFrom: [] as string[],
  };
  made.documents.push(record);
  // Read from each host the test has up, other than the one that took the upload: the bytes are in the shared store.
  for (const host of hosts().filter((candidate) => candidate.name !== record.uploadedBy)) {
    const read = await client.send("GET", `/document-management/document-versions/${record.versionId}/content`, {
      headers: callers.admin,
      baseUrl: host.url,
    });
    if (read.body !== text) made.errors.push(`document ${record.id} read from ${host.name} was not what was uploaded`);
    else record.downloadedFrom.push(host.name);
  }
}

/** A durable timer asked for by another service, due a few seconds on: it must fire once, whatever dies meanwhile. */
async function requestTimer(client: LoadClient, callers: Callers, made: Made) {
  const { subject, timerId, event } = timerRequested("ha-test", "PT6S");
  await client.send("POST", "/platform/events", { headers: callers.system, body: event });
  made.timers.push({ timerId, subject });
}

/**
 * The steady mixed load: `workers` loops, each taking the next flow in turn, until the client stops.
 * A flow that fails (not acknowledged within the client's budget) is kept as an error, and its loop goes on.
 */
export async function runWorkload(
  client: LoadClient,
  callers: Callers,
  made: Made,
  hosts: () => { name: string; url: string }[],
  workers = 6,
): Promise<void> {
  let next = 0;
  const flows = [
    (index: number) => fileApplication(client, callers, made, index),
    (index: number) => workTask(client, callers, made, index),
    (index: number) => shareDocument(client, callers, made, hosts, index),
    () => requestTimer(client, callers, made),
  ];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (client.running) {
        const index = next++;
        try {
          await flows[index % flows.length]!(index);
        } catch (error) {
          made.errors.push(String(error));
        }
      }
    }),
  );
}
