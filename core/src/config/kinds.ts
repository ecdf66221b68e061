import { isIP } from "node:net";
import { z } from "zod";
import { readFileSync } from "node:fs";
import { countyTableOf, type CountyTable } from "../jurisdiction/county";
import { parseEncryptionKeys, type MasterKey } from "./encryption-keys";
import { isIsoDate, isTimeZone } from "../calendar";
import { trustedDocumentsOf, type TrustedDocuments } from "../graphql/trusted-documents";

/**
 * The kinds of value an environment variable holds, each a zod schema from the raw text (undefined
 * when unset) to the value the platform uses. A blank value counts as unset, as it does for a shell's
 * `NAME=` line; a value the kind cannot use is an issue whose message completes "NAME …".
 */
const unsetWhenBlank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() || undefined : value);

function withFallback<T>(schema: z.ZodType<T>, fallback: T | undefined): z.ZodType<T | undefined> {
  return z.preprocess(
    trimmed,
    fallback === undefined ? schema.optional() : schema.optional().transform((value) => value ?? fallback),
  ) as z.ZodType<T | undefined>;
}

type Bounds = { min?: number; max?: number };

/** A whole number, at least 1 unless `min` says otherwise. */
export function wholeNumber<F extends number | undefined = undefined>(
  fallback?: F,
  { min = 1, max = Number.MAX_SAFE_INTEGER }: Bounds = {},
) {
  const range =
    max === Number.MAX_SAFE_INTEGER
      ? min === 1
        ? "a positive whole number"
        : `a whole number of at least ${min}`
      : `a whole number from ${min} to ${max}`;
  const schema = z
    .string()
    .regex(/^-?\d+$/, `must be ${range}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be ${range}`).max(max, `must be ${range}`));
  return withFallback(schema, fallback) as z.ZodType<F extends number ? number : number | undefined>;
}

/** A decimal number within bounds. */
export function decimal<F extends number | undefined = undefined>(fallback?: F, { min = -Infinity, max = Infinity }: Bounds = {}) {
  const range = min === -Infinity ? "a number" : max === Infinity ? `a number of at least ${min}` : `a number from ${min} to ${max}`;
  const schema = z
    .string()
    .refine((text) => text !== "" && Number.isFinite(Number(text)), `must be ${range}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be ${range}`).max(max, `must be ${range}`));
  return withFallback(schema, fallback) as z.ZodType<F extends number ? number : number | undefined>;
}

/** A TCP port (0: one the system picks). */
export const port = <F extends number | undefined = undefined>(fallback?: F) => wholeNumber(fallback, { min: 0, max: 65535 });

/** One of a few words. */
export function choice<const V extends readonly [string, ...string[]], F extends V[number] | undefined = undefined>(
  values: V,
  fallback?: F,
) {
  const isChoice = (text: unknown): text is V[number] => typeof text === "string" && values.includes(text);
  const schema = z.string().pipe(z.custom<V[number]>(isChoice, `must be ${values.join(", ").replace(/, ([^,]*)$/, " or $1")}`));
  return withFallback(schema, fallback) as z.ZodType<F extends string ? V[number] : V[number] | undefined>;
}

/** `true` or `false` (any case). */
export function trueFalse<F extends boolean | undefined = undefined>(fallback?: F) {
  const schema = z
    .string()
    .transform((text) => text.toLowerCase())
    .refine((text) => text === "true" || text === "false", "must be true or false")
    .transform((text) => text === "true");
  return withFallback(schema, fallback) as z.ZodType<F extends boolean ? boolean : boolean | undefined>;
}

/** Text as given, trimmed. */
export function text<F extends string | undefined = undefined>(fallback?: F) {
  return withFallback(z.string(), fallback) as z.ZodType<F extends string ? string : string | undefined>;
}

/** Text exactly as given, spaces included (a prefix put before other text). */
export const verbatim = (fallback: string) =>
  z.preprocess((value) => (value === undefined ? fallback : value), z.string()) as z.ZodType<string>;

/** A secret: at least `minLength` characters, because a short one can be guessed. */
export const secret = (minLength: number) =>
  withFallback(z.string().min(minLength, `must be at least ${minLength} characters long`), undefined) as z.ZodType<string | undefined>;

/** ENCRYPTION_KEYS: `id:base64key,...` (encryption-keys.ts), unset when blank. */
export const encryptionKeys = () =>
  withFallback(
    z.string().transform((text, context): MasterKey[] => {
      try {
        return parseEncryptionKeys(text);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message, input: text });
        return z.NEVER;
      }
    }),
    undefined,
  ) as z.ZodType<MasterKey[] | undefined>;

/** COUNTY_TABLE: the path of a JSON file from county names and ZIP codes to FIPS codes, read and checked when the setting is. */
export const countyTableFile = () =>
  withFallback(
    z.string().transform((path, context): CountyTable => {
      try {
        return countyTableOf(JSON.parse(readFileSync(path, "utf8")));
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code
          ? `cannot be read (${(error as NodeJS.ErrnoException).code})`
          : (error as Error).message;
        context.addIssue({ code: "custom", message: `(${path}) ${reason}`, input: path });
        return z.NEVER;
      }
    }),
    undefined,
  ) as z.ZodType<CountyTable | undefined>;

/**
 * A file of PEM certificates (NODE_EXTRA_CA_CERTS), read when the setting is: Node itself only warns
 * about one it cannot load and then refuses every peer it would have trusted, far from the cause.
 */
export const certificateFile = () =>
  withFallback(
    z.string().transform((path, context): string => {
      let content: string;
      try {
        content = readFileSync(path, "utf8");
      } catch (error) {
        context.addIssue({ code: "custom", message: `(${path}) cannot be read (${(error as NodeJS.ErrnoException).code})`, input: path });
        return z.NEVER;
      }
      if (!content.includes("-----BEGIN CERTIFICATE-----")) {
        context.addIssue({ code: "custom", message: `(${path}) holds no PEM certificate (-----BEGIN CERTIFICATE-----)`, input: path });
        return z.NEVER;
      }
      return path;
    }),
    undefined,
  ) as z.ZodType<string | undefined>;

/** An absolute URL with one of the given schemes, as given (a reader that appends paths drops trailing slashes itself). */
export function url(schemes: readonly string[] = ["http", "https"]) {
  const schema = z.string().refine(
    (text) => {
      try {
        return schemes.includes(new URL(text).protocol.replace(/:$/, ""));
      } catch {
        return false;
      }
    },
    `must be a ${schemes.join(" or ")} URL`,
  );
  return withFallback(schema, undefined) as z.ZodType<string | undefined>;
}

/** A comma-separated list; empty entries dropped. */
export const commaList = () =>
  z.preprocess(
    unsetWhenBlank,
    z
      .string()
      .optional()
      .transform((text) =>
        (text ?? "")
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
  ) as z.ZodType<string[]>;

/** Which proxies' `X-Forwarded-For` to believe: none (`false`), any (`true`), or these addresses and ranges. */
export type TrustedProxies = boolean | string[];

/** The names proxy-addr gives the private ranges, beside addresses and CIDR ranges. */
const proxyRangeNames = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IPv4 or IPv6 address, or a CIDR range of one (`10.0.0.0/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** TRUST_PROXY: `true`, or addresses, CIDR ranges and the range names `loopback`, `linklocal`, `uniquelocal`. */
export const trustedProxies = () =>
  z.preprocess(
    unsetWhenBlank,
    z
      .string()
      .optional()
      .transform((text, context): TrustedProxies => {
        const value = (text ?? "").trim();
        if (value === "" || value === "false") return false;
        if (value === "true") return true;
        const entries = value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean);
        const malformed = entries.filter((entry) => !proxyRangeNames.has(entry) && !isAddressOrRange(entry));
        if (malformed.length) {
          context.addIssue({
            code: "custom",
            message: `must be true, or the proxies' addresses, CIDR ranges or loopback/linklocal/uniquelocal; not ${malformed.join(", ")}`,
          });
          return z.NEVER;
        }
        return entries;
      }),
  ) as z.ZodType<TrustedProxies>;

/**
 * One ISO-8601 duration of days, hours and minutes (`P2D`, `PT2H`, `P1DT12H`, `PT30M`) in
 * milliseconds, or undefined when it is not one. Years, months and weeks are left out on purpose: a
 * month has no fixed length, and a reminder "a month before" would move with the calendar.
 */
export function durationMs(text: string): number | undefined {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(text.trim().toUpperCase());
  if (!match || text.trim().toUpperCase().endsWith("T")) return undefined;
  const [, days, hours, minutes] = match;
  if (days === undefined && hours === undefined && minutes === undefined) return undefined;
  const ms = ((Number(days ?? 0) * 24 + Number(hours ?? 0)) * 60 + Number(minutes ?? 0)) * 60_000;
  return ms > 0 ? ms : undefined;
}

/** A comma list of at most `max` ISO-8601 durations (`P2D,PT2H`), each longer than zero, in milliseconds, longest first; `none`: an empty list. */
export const durationList = (fallback: string, max: number) =>
  z.preprocess(
    (value) => unsetWhenBlank(value) ?? fallback,
    z.string().transform((text, context): number[] => {
      if (text.trim().toLowerCase() === "none") return [];
      const entries = text
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      const malformed = entries.filter((entry) => durationMs(entry) === undefined);
      if (malformed.length) {
        context.addIssue({
          code: "custom",
          message: `must be ISO-8601 durations of days, hours and minutes such as P2D or PT2H; not ${malformed.join(", ")}`,
        });
        return z.NEVER;
      }
      const durations = [...new Set(entries.map((entry) => durationMs(entry)!))].sort((a, b) => b - a);
      if (durations.length > max) {
        context.addIssue({ code: "custom", message: `must name at most ${max} durations` });
        return z.NEVER;
      }
      return durations;
    }),
  ) as z.ZodType<number[]>;

/** An IANA time-zone name the runtime knows (`America/New_York`). */
export const timeZone = (fallback: string) =>
  withFallback(z.string().refine(isTimeZone, "must be an IANA time-zone name such as America/New_York"), fallback) as z.ZodType<string>;

/** A comma-separated list of real dates written `YYYY-MM-DD`. */
export const isoDateList = () =>
  commaList().pipe(
    z.array(z.string()).superRefine((dates, context) => {
      const bad = dates.filter((date) => !isIsoDate(date));
      if (bad.length) context.addIssue({ code: "custom", message: `must be dates written YYYY-MM-DD; not ${bad.join(", ")}` });
    }),
  ) as z.ZodType<string[]>;

/**
 * Manifests of trusted GraphQL documents (comma-separated paths), read and checked when the setting is,
 * so that a start with one unreadable, malformed or mislabelled refuses to serve (fails closed) instead
 * of serving every operation or none.
 */
export const trustedDocumentsFiles = () =>
  withFallback(
    z.string().transform((paths, context): TrustedDocuments => {
      const documents = new Map<string, string>();
      for (const path of paths
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean)) {
        try {
          for (const [hash, document] of trustedDocumentsOf(JSON.parse(readFileSync(path, "utf8")))) documents.set(hash, document);
        } catch (error) {
          const reason = (error as NodeJS.ErrnoException).code
            ? `cannot be read (${(error as NodeJS.ErrnoException).code})`
            : (error as Error).message;
          context.addIssue({ code: "custom", message: `(${path}) ${reason}`, input: paths });
          return z.NEVER;
        }
      }
      return documents;
    }),
    undefined,
  ) as z.ZodType<TrustedDocuments | undefined>;
