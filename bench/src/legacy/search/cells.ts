import type { HttpCall } from "../scenarios";

/** One measured cell: the searches it cycles through, and what each must find (a fast wrong answer fails). */
export type SearchCell = { id: string; title: string; calls: HttpCall[]; check(body: SearchBody): string | undefined };

export type SearchBody = { items?: { type?: string; title?: string; score?: number }[]; total?: number; facets?: { type: string; count: number }[] };

const get = (query: string): HttpCall => ({ method: "GET", path: `/platform/search?${query}` });
const q = (text: string, extra = "") => get(`q=${encodeURIComponent(text)}${extra}`);

const found = (body: SearchBody) => (body.total ?? 0) > 0 && (body.items?.length ?? 0) > 0 ? undefined : "found nothing";

/**
 * Selective searches as a caseworker types them: a surname with its number (20 persons), a first and
 * last name (the exact person first), an e-mail address, a surname with its number's beginning (200 persons), a task's words, the same
 * limited to one kind; and a typo (no words match: titles near the query).
 */
export function searchCells(persons: number, tasks: number): SearchCell[] {
  const numbered = (n: number) => String(n % 5000).padStart(4, "0");
  const surnames = ["Smith", "Jones", "Garcia", "Nguyen", "Okafor", "Larsen", "Patel", "Kowalski", "Haddad", "Moreau"];
  const firsts = ["Ana", "Ben", "Carla", "Dmitri", "Eve", "Farid", "Gia", "Hugo"];
  const person = (i: number) => `${firsts[i % 8]} ${surnames[i % 10]}${numbered(i)}`;
  const sample = (count: number, of: number) => Array.from({ length: count }, (_, k) => 1 + ((k * 7919) % of));
  return [
    {
      id: "words",
      title: "selective words (surname+number, full name, e-mail, surname+number's beginning, task words, one kind)",
      calls: sample(40, Math.min(persons, 5000)).flatMap((i) => [
        q(`${surnames[i % 10]}${numbered(i)}`),
        q(person(i)),
        q(`person${i}@example.org`),
        q(`${surnames[i % 10]}${numbered(i).slice(0, 3)}`),
        q(`${["income", "identity", "residency", "household"][i % 4]} ${Math.min(i, tasks)}`),
        q(`${surnames[i % 10]}${numbered(i)}`, "&types=person"),
      ]),
      check: found,
    },
    {
      id: "typo",
      title: "a typo (no words match: names near the query)",
      // A letter doubled or dropped: close enough to the name by trigram word similarity (at least 0.6).
      calls: sample(40, Math.min(persons, 5000) / 10 - 1).flatMap((k) =>
        (
          [
            [7, "Kowalsky"],
            [9, "Morreau"],
            [8, "Hadad"],
            [6, "Patell"],
          ] as const
        ).map(([surname, typo]) => q(`${typo}${numbered(k * 10 + surname)}`)),
      ),
      check: found,
    },
  ];
}
