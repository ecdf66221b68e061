import { z } from "zod";

/**
 * The body the data-exchange adapters send (`POST /agencies/{serviceType}`). Objects are open: a caller
 * may send more than the simulator reads. Every subject field may be missing or null, since the
 * platform sends what it holds; what is sent must have the right type.
 */

const text = z.string().nullish();
// A money amount may come as a JSON number or as a decimal string (how the platform's Decimal columns serialize).
const amount = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, "must be a number")
    .transform(Number),
]);

const income = z.looseObject({ type: text, amount: amount.nullish(), frequency: text, employerName: text });

const subject = z.looseObject({ ssn: text, firstName: text, lastName: text, dateOfBirth: text, income: income.nullish() });

export const agencyRequest = z.looseObject({
  requestId: z.string().trim().min(1).max(200),
  serviceType: z.string(),
  subject: subject.nullish(),
  context: z.looseObject({}).nullish(),
});

export type AgencyRequest = z.infer<typeof agencyRequest>;
export type Subject = z.infer<typeof subject>;
export type Income = z.infer<typeof income>;
