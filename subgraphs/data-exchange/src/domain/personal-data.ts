/**
 * Field names that carry personal data, which a service call's body must never hold: agencies' adapters
 * fetch what they need from the requesting resource themselves (SPEC §4.3, "carries no personal data"),
 * so it is never stored on the call, echoed in its events or written to a log. Compared without case,
 * spaces, dashes or underscores, at any depth of `data` and `metadata`.
 */
export const personalDataFields = [
  "ssn",
  "socialSecurityNumber",
  "taxpayerId",
  "tin",
  "itin",
  "alienNumber",
  "aNumber",
  "passportNumber",
  "driversLicenseNumber",
  "name",
  "firstName",
  "middleName",
  "lastName",
  "fullName",
  "maidenName",
  "dateOfBirth",
  "dob",
  "birthDate",
  "phone",
  "phoneNumber",
  "email",
  "address",
  "streetAddress",
] as const;

const normalized = (key: string) => key.toLowerCase().replace(/[\s_-]/g, "");
const denied = new Set(personalDataFields.map(normalized));

/** The dotted paths (below `root`) of every key in `value` that names personal data. */
export function personalDataPaths(value: unknown, root: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string, depth: number) => {
    if (depth > 32 || node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${path}.${index}`, depth + 1));
    for (const [key, inner] of Object.entries(node)) {
      const at = `${path}.${key}`;
      if (denied.has(normalized(key))) found.push(at);
      else walk(inner, at, depth + 1);
    }
  };
  walk(value, root, 0);
  return found;
}
