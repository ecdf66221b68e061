/** Assertions shared by the integration tests: the error envelope, uuids, timestamps, list envelopes. */

export type HttpResponse = { status: number; headers: Headers; body: any };

/** A JSON body as the tests read it. */
export type Json = { [key: string]: any };

/**
 * The body of a response that must have `status` (or one of them); otherwise fails naming `what` with
 * what came back, and with `explain()` when given (what the server logged, say).
 */
export async function expectStatus(
  response: Promise<{ status: number; body?: any }>,
  status: number | readonly number[],
  what: string,
  explain?: () => string,
): Promise<Json> {
  const answered = await response;
  const expected = typeof status === "number" ? [status] : status;
  if (!expected.includes(answered.status))
    throw new Error(
      `${what}: expected ${expected.join(" or ")}, got ${answered.status} ${JSON.stringify(answered.body)}${explain ? `; ${explain()}` : ""}`,
    );
  return answered.body;
}

/** The body of a response that must succeed (any 2xx); otherwise fails naming `what` with what came back. */
export async function ok(response: Promise<{ status: number; body?: any }>, what: string): Promise<Json> {
  const answered = await response;
  if (answered.status < 200 || answered.status >= 300) throw new Error(`${what}: ${answered.status} ${JSON.stringify(answered.body)}`);
  return answered.body;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** What the platform writes for date-times: ISO 8601 in UTC with milliseconds. */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A syntactically valid uuid that names no record. */
export const MISSING_ID = "00000000-0000-4000-8000-000000000000";

/**
 * The error envelope of SPEC §2.1/§7: exactly `code`, `message` and optionally `details` (an array of
 * `{field, message}`), nothing else, and nothing that looks like a stack trace or SQL. Returns the body.
 */
export function expectErrorEnvelope(
  response: HttpResponse,
  status: number,
  code: string,
): { code: string; message: string; details?: Array<{ field: string; message: string }> } {
  const summary = `${response.status} ${JSON.stringify(response.body)}`;
  expect({ status: response.status, code: response.body?.code }).toEqual({ status, code });
  expect(response.headers.get("content-type") ?? "").toMatch(/^application\/json/);
  const body = response.body as Record<string, unknown>;
  expect(typeof body).toBe("object");
  const extraKeys = Object.keys(body).filter((key) => !["code", "message", "details"].includes(key));
  if (extraKeys.length) throw new Error(`error envelope has extra keys ${extraKeys.join(", ")}: ${summary}`);
  expect(typeof body.message).toBe("string");
  expect((body.message as string).length).toBeGreaterThan(0);
  if (body.details !== undefined) {
    expect(Array.isArray(body.details)).toBe(true);
    for (const detail of body.details as unknown[]) {
      expect(detail).toEqual(expect.objectContaining({ field: expect.any(String), message: expect.any(String) }));
    }
  }
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/stack|\bat [\w.<>]+ \(|\.[tj]s:\d+|node_modules|prisma|SELECT |INSERT |UPDATE "/i);
  return body as never;
}

/** The field names a 4xx names in `details`. */
export const detailFields = (body: { details?: Array<{ field: string }> }): string[] => (body.details ?? []).map((detail) => detail.field);

/** A 422 VALIDATION_ERROR whose details name `field` (and the record was not written). */
export function expectValidationError(response: HttpResponse, field: string): void {
  const body = expectErrorEnvelope(response, 422, "VALIDATION_ERROR");
  expect(detailFields(body)).toContain(field);
}

/** The list envelope of SPEC §2.1 with all five members. */
export function expectListEnvelope(
  response: HttpResponse,
  page: { total: number; limit: number; offset: number; hasNext: boolean },
): any[] {
  expect(response.status).toBe(200);
  const { items, ...rest } = response.body as { items: unknown[] };
  expect(Array.isArray(items)).toBe(true);
  expect(rest).toEqual(page);
  return items as any[];
}

/** Query string for a list request; `q` is URL-encoded as the spec requires. */
export function listPath(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Today's date in UTC, as the platform stamps case end dates (tests read it before and after a request). */
export const utcToday = (): string => new Date().toISOString().slice(0, 10);
