// An application's household records over REST against PostgreSQL (resources.md §3.4–§3.5): every
// record kind's CRUD or singleton upsert, its events, the rules that tie a record to its application
// (another application's path is 404, a member or person of another application is 422, a filed
// application's records are 409), and relationships kept in both directions.
import { expectErrorEnvelope, type Json } from "../support/expectations";
import { recordKinds, recordRefsOn, recordSamples, type RecordRefs } from "../support/intake-fixtures";
import { useTestPlatform } from "../support/platform";
import { eventsMatching } from "../support/event-log";
import { newApplication } from "../support/creators";

const { api, platform } = useTestPlatform("intake_records");

const call = (method: string, path: string, body?: unknown) => api.raw(method, path, body);

async function applicationWithRefs(): Promise<{ id: string; refs: RecordRefs }> {
  const { id } = await newApplication(api, { programs: ["snap", "medicaid"] });
  return { id, refs: await recordRefsOn(call, id) };
}

const collections = recordKinds.filter((kind) => !kind.singleton).map((kind) => [kind.segment, kind] as const);
const singletons = recordKinds.filter((kind) => kind.singleton).map((kind) => [kind.segment, kind] as const);

describe.each(collections)("/intake/applications/{applicationId}/%s", (segment, kind) => {
  it("creates, lists, reads, changes and deletes a record, each change with its event", async () => {
    const { id: applicationId, refs } = await applicationWithRefs();
    const path = `/intake/applications/${applicationId}/${segment}`;
    const body = recordSamples[kind.event]!(refs);
    const created = await api.post(path, body);
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`${path}/${created.body.id}`);
    expect(created.body).toMatchObject({ ...body, applicationId });
    const createdEvent = (await eventsMatching(api, { type: `intake.${kind.event}.created` })).find(
      (event) => event.data.id === created.body.id,
    );
    expect(createdEvent?.subject).toBe(kind.eventSubject === "member" ? refs.memberId : applicationId);

    const listed = await api.get(path);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: Json) => item.id)).toContain(created.body.id);
    expect((await api.get(`${path}/${created.body.id}`)).body).toEqual(created.body);

    // What a client read, sent back whole, is accepted.
    const patched = await api.patch(`${path}/${created.body.id}`, created.body);
    expect(patched.status).toBe(200);
    expect((await eventsMatching(api, { type: `intake.${kind.event}.updated` })).some((event) => event.data.id === created.body.id)).toBe(
      true,
    );

    expect((await api.delete(`${path}/${created.body.id}`)).status).toBe(204);
    expectErrorEnvelope(await api.get(`${path}/${created.body.id}`), 404, "NOT_FOUND");
    expect((await eventsMatching(api, { type: `intake.${kind.event}.deleted` })).some((event) => event.data.id === created.body.id)).toBe(
      true,
    );
  });

  it("is reached only through its own application (404), and written only while it is a draft or under review (409)", async () => {
    const first = await applicationWithRefs();
    const second = await applicationWithRefs();
    const created = await api.post(`/intake/applications/${first.id}/${segment}`, recordSamples[kind.event]!(first.refs));
    expectErrorEnvelope(await api.get(`/intake/applications/${second.id}/${segment}/${created.body.id}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get(`/intake/applications/${"0".repeat(8)}-0000-4000-8000-000000000000/${segment}`), 404, "NOT_FOUND");
    await platform().database.prisma.application.update({ where: { id: first.id }, data: { status: "submitted" } });
    const refused = expectErrorEnvelope(
      await api.post(`/intake/applications/${first.id}/${segment}`, recordSamples[kind.event]!(first.refs)),
      409,
      "CONFLICT",
    );
    expect(refused.message).toMatch(/submitted/);
    expectErrorEnvelope(await api.delete(`/intake/applications/${first.id}/${segment}/${created.body.id}`), 409, "CONFLICT");
  });

  it("refuses (422) a body naming a member or person of another application", async () => {
    const first = await applicationWithRefs();
    const second = await applicationWithRefs();
    const foreign = recordSamples[kind.event]!(second.refs);
    const mixed = {
      ...recordSamples[kind.event]!(first.refs),
      ...Object.fromEntries(
        Object.entries(foreign).filter(
          ([field]) =>
            JSON.stringify(foreign[field]).includes(second.refs.memberId) || JSON.stringify(foreign[field]).includes(second.refs.contactId),
        ),
      ),
    };
    if (JSON.stringify(mixed) === JSON.stringify(recordSamples[kind.event]!(first.refs))) return; // names no one
    const refused = expectErrorEnvelope(await api.post(`/intake/applications/${first.id}/${segment}`, mixed), 422, "VALIDATION_ERROR");
    expect(refused.details!.every((detail) => /of this application/.test(detail.message))).toBe(true);
  });
});

describe.each(singletons)("/intake/applications/{applicationId}/%s", (segment, kind) => {
  it("is 404 until first written; PATCH creates it, then changes it, each with its event", async () => {
    const { id: applicationId, refs } = await applicationWithRefs();
    const path = `/intake/applications/${applicationId}/${segment}`;
    expectErrorEnvelope(await api.get(path), 404, "NOT_FOUND");
    const body = recordSamples[kind.event]!(refs);
    const first = await api.patch(path, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ...body, applicationId });
    const second = await api.patch(path, body);
    expect(second.body.id).toBe(first.body.id);
    expect((await api.get(path)).body).toEqual(second.body);
    expect(
      (await eventsMatching(api, { type: `intake.${kind.event}.created` })).filter((event) => event.subject === applicationId),
    ).toHaveLength(1);
    expect(
      (await eventsMatching(api, { type: `intake.${kind.event}.updated` })).filter((event) => event.subject === applicationId),
    ).toHaveLength(1);
  });
});

describe("records' own rules", () => {
  it("a record about a member needs memberId on create (422)", async () => {
    const { id } = await applicationWithRefs();
    const refused = expectErrorEnvelope(
      await api.post(`/intake/applications/${id}/incomes`, { type: "employed", amount: 10, frequency: "weekly" }),
      422,
      "VALIDATION_ERROR",
    );
    expect(refused.details).toContainEqual(expect.objectContaining({ field: "memberId" }));
  });

  it("checks enums, bounds and patterns (422 per field)", async () => {
    const { id, refs } = await applicationWithRefs();
    const income = expectErrorEnvelope(
      await api.post(`/intake/applications/${id}/incomes`, { memberId: refs.memberId, type: "salary", amount: -1, frequency: "monthly" }),
      422,
      "VALIDATION_ERROR",
    );
    expect(income.details!.map((detail) => detail.field).sort()).toEqual(["amount", "type"]);
    const organization = expectErrorEnvelope(
      await api.post(`/intake/applications/${id}/organizations`, { name: "Acme", ein: "123456789" }),
      422,
      "VALIDATION_ERROR",
    );
    expect(organization.details).toEqual([expect.objectContaining({ field: "ein" })]);
  });

  it("keeps a relationship in both directions: the reverse is stored, changed and deleted with it", async () => {
    const { id, refs } = await applicationWithRefs();
    const path = `/intake/applications/${id}/person-relationships`;
    const created = await api.post(path, {
      from: { type: "contact", id: refs.contactId },
      to: { type: "member", id: refs.memberId },
      relationshipTypes: ["parent"],
    });
    expect(created.status).toBe(201);
    const reverse = (await api.get(`${path}/${created.body.reverseId}`)).body;
    expect(reverse).toMatchObject({
      from: { type: "member", id: refs.memberId },
      to: { type: "contact", id: refs.contactId },
      relationshipTypes: ["child"],
      reverseId: created.body.id,
    });
    await api.patch(`${path}/${created.body.id}`, { relationshipTypes: ["grandparent"] });
    expect((await api.get(`${path}/${reverse.id}`)).body.relationshipTypes).toEqual(["grandchild"]);
    expect((await api.delete(`${path}/${created.body.id}`)).status).toBe(204);
    expect((await api.get(path)).body.total).toBe(0);
  });
});
