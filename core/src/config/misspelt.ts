import { settingNames, isSettingName, type SettingName } from "./schema";
import type { Environment } from "./read";

/** Edits (insert, delete, replace, swap two neighbours) between two names: optimal string alignment distance. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

const squeezed = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, "");

/**
 * The platform variable an undeclared name most likely meant, if it is that close: the same but for
 * case and underscores (`PERSON_MATCHKEY`, `database_url`), or one edit away (two for names of more
 * than eight characters: `DATABSE_URL`). Short names are held to one edit so that the machine's own
 * variables (`HOME`, `PGPORT`) are not taken for `HOST` or `PORT`.
 */
export function intendedSetting(name: string): SettingName | undefined {
  if (isSettingName(name)) return undefined;
  const plain = squeezed(name);
  let best: { name: SettingName; distance: number } | undefined;
  for (const declared of settingNames) {
    if (squeezed(declared) === plain) return declared;
    const distance = editDistance(name.toUpperCase(), declared);
    const allowed = declared.length > 8 ? 2 : 1;
    if (distance <= allowed && (!best || distance < best.distance)) best = { name: declared, distance };
  }
  return best?.name;
}

/** The environment's variables that look like misspelt platform variables, each with the one it likely meant. */
export function misspeltSettings(env: Environment): Array<{ given: string; intended: SettingName }> {
  return Object.keys(env)
    .filter((given) => env[given] !== undefined)
    .flatMap((given) => {
      const intended = intendedSetting(given);
      return intended ? [{ given, intended }] : [];
    });
}
