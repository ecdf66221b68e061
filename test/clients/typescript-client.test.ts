// The generated TypeScript client (clients/typescript) against the running platform: an applicant
// creates an application, adds the primary applicant, is refused submission without a signature
// (the typed error envelope), signs and submits. Every call goes through the types generated from
// the golden OpenAPI document, so a document that no longer describes the platform fails here.
import { createPlatformClient, type Schemas } from "@pap/client";
import { applicantAccount } from "../support/auth";
import { useTestPlatform } from "../support/platform";

const { api, url } = useTestPlatform("typescript_client");

it("walks an application from creation to submission through the generated client", async () => {
  const applicant = await applicantAccount(api);
  const client = createPlatformClient({ baseUrl: url(), token: applicant.headers.authorization.replace(/^Bearer /, "") });

  const body: Schemas["CreateApplicationBody"] = { programs: ["snap"], channel: "online" };
  const created = await client.POST("/intake/applications", { body });
  expect(created.response.status).toBe(201);
  const application: Schemas["Application"] = created.data!;
  expect(application).toMatchObject({ status: "draft", programs: ["snap"] });
  const params = { path: { applicationId: application.id } };

  const member = await client.POST("/intake/applications/{applicationId}/members", {
    params,
    body: {
      roles: ["primary_applicant"],
      programsAppliedFor: ["snap"],
      contact: {
        name: { firstName: "Ada", lastName: "Client" },
        primaryAddress: { addressLine1: "1 Main St", city: "Springfield", state: "IL", zip: "62701" },
      },
      personalInformation: { dateOfBirth: "1990-04-05" },
    },
  });
  expect(member.response.status).toBe(201);

  const unsigned = await client.POST("/intake/applications/{applicationId}/submit", { params });
  expect(unsigned.response.status).toBe(422);
  const refusal: Schemas["Error"] | undefined = unsigned.error;
  expect(refusal?.details).toEqual([{ field: "signatures", message: "needs a signature with purpose application" }]);

  const signature = await client.POST("/intake/applications/{applicationId}/signatures", {
    params,
    body: {
      signer: { type: "member", id: member.data!.id, role: "applicant" },
      purpose: "application",
      signedAt: new Date().toISOString(),
      signatureMethod: "electronic",
    },
  });
  expect(signature.response.status).toBe(201);

  const submitted = await client.POST("/intake/applications/{applicationId}/submit", { params });
  expect(submitted.response.status).toBe(200);
  expect(submitted.data).toMatchObject({ id: application.id, status: "submitted" });

  const read = await client.GET("/intake/applications/{applicationId}", { params });
  expect(read.data?.status).toBe("submitted");
  const listed = await client.GET("/intake/applications", { params: { query: { q: "status:submitted", limit: 10 } } });
  expect(listed.data?.items.map((item) => item.id)).toContain(application.id);
});
