// Deterministic, realistic-looking values. The same seed gives the same data on every machine, so
// a change in the figures comes from the code or the machine, never from a different data set.

/** mulberry32: tiny, fast and good enough for test data (not for anything secret). */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return {
    next,
    int,
    pick,
    chance: (probability: number) => next() < probability,
    /** Picks by weight, so common names are common (a uniform draw makes "Smith" as rare as "Okafor"). */
    weighted<T>(items: readonly (readonly [T, number])[]): T {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    /** A version-4-shaped uuid from the generator (crypto.randomUUID would break determinism). */
    uuid() {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = "4";
      hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
      const s = hex.join("");
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
    /** k distinct items (k ≤ items.length), by partial Fisher–Yates on a copy. */
    sample<T>(items: readonly T[], k: number): T[] {
      const copy = items.slice();
      for (let i = 0; i < k; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, k);
    },
  };
}

export type Random = ReturnType<typeof createRandom>;

export const firstNames = [
  "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth", "William", "Barbara",
  "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Christopher", "Karen", "Charles", "Lisa", "Daniel", "Nancy",
  "Matthew", "Betty", "Anthony", "Sandra", "Mark", "Margaret", "Donald", "Ashley", "Steven", "Kimberly", "Andrew", "Emily",
  "Paul", "Donna", "Joshua", "Michelle", "Kenneth", "Carol", "Kevin", "Amanda", "Brian", "Melissa", "Timothy", "Deborah",
  "Ronald", "Stephanie", "Jose", "Maria", "Luis", "Guadalupe", "Carlos", "Rosa", "Juan", "Ana", "Miguel", "Carmen",
  "Wei", "Mei", "Jun", "Li", "Minh", "Linh", "Hyun", "Ji-woo", "Aarav", "Priya", "Rahul", "Ananya", "Mohammed", "Fatima",
  "Omar", "Aisha", "Chinedu", "Ngozi", "Kwame", "Abena", "DeShawn", "Imani", "Jamal", "Keisha", "Tyrone", "Latoya",
  "Liam", "Olivia", "Noah", "Emma", "Elijah", "Ava", "Mateo", "Sofia", "Lucas", "Isabella", "Ethan", "Mia", "Aiden", "Zoe",
] as const;

/** Weights roughly follow the US census surname frequencies; several start with "Smi" on purpose. */
export const lastNames: readonly (readonly [string, number])[] = [
  ["Smith", 24], ["Johnson", 19], ["Williams", 16], ["Brown", 14], ["Jones", 14], ["Garcia", 12], ["Miller", 12], ["Davis", 11],
  ["Rodriguez", 11], ["Martinez", 10], ["Hernandez", 10], ["Lopez", 9], ["Gonzalez", 9], ["Wilson", 8], ["Anderson", 8],
  ["Thomas", 8], ["Taylor", 8], ["Moore", 7], ["Jackson", 7], ["Martin", 7], ["Lee", 7], ["Perez", 7], ["Thompson", 7],
  ["White", 7], ["Harris", 6], ["Sanchez", 6], ["Clark", 6], ["Ramirez", 6], ["Lewis", 6], ["Robinson", 6], ["Walker", 5],
  ["Young", 5], ["Allen", 5], ["King", 5], ["Wright", 5], ["Scott", 5], ["Torres", 5], ["Nguyen", 5], ["Hill", 5],
  ["Flores", 5], ["Green", 5], ["Adams", 5], ["Nelson", 4], ["Baker", 4], ["Hall", 4], ["Rivera", 4], ["Campbell", 4],
  ["Mitchell", 4], ["Carter", 4], ["Roberts", 4], ["Kim", 3], ["Patel", 3], ["Chen", 3], ["Wang", 3], ["Singh", 3],
  ["Tran", 3], ["Pham", 2], ["Park", 2], ["Choi", 2], ["Shah", 2], ["Khan", 2], ["Ali", 2], ["Okafor", 1], ["Mensah", 1],
  ["Adeyemi", 1], ["O'Brien", 2], ["McCarthy", 2], ["Murphy", 3], ["Sullivan", 2], ["Kowalski", 1], ["Novak", 1],
  ["Schmidt", 2], ["Smithson", 2], ["Smithers", 1], ["Smit", 1], ["Smiley", 1], ["Smirnov", 1], ["Ortiz", 3], ["Gomez", 3],
  ["Diaz", 3], ["Reyes", 3], ["Cruz", 3], ["Morales", 3], ["Gutierrez", 3], ["Chavez", 2], ["Ramos", 2], ["Vasquez", 2],
];

export const middleInitials = "ABCDEFGHJKLMNPRSTW".split("");

/** Weighted roughly by population, so one city is common (a broad filter) and most are not (a selective one). */
export const cities: readonly (readonly [place: readonly [city: string, state: string, zipPrefix: string], weight: number])[] = [
  [["Sacramento", "CA", "958"], 2], [["Fresno", "CA", "937"], 4], [["Los Angeles", "CA", "900"], 8], [["Oakland", "CA", "946"], 2],
  [["Austin", "TX", "787"], 2], [["El Paso", "TX", "799"], 2], [["Houston", "TX", "770"], 10], [["San Antonio", "TX", "782"], 4],
  [["Columbus", "OH", "432"], 2], [["Cleveland", "OH", "441"], 2], [["Detroit", "MI", "482"], 2], [["Flint", "MI", "485"], 2],
  [["Atlanta", "GA", "303"], 2], [["Savannah", "GA", "314"], 2], [["Jackson", "MS", "392"], 2], [["Birmingham", "AL", "352"], 2],
  [["Albuquerque", "NM", "871"], 2], [["Phoenix", "AZ", "850"], 5], [["Tucson", "AZ", "857"], 2], [["Denver", "CO", "802"], 2],
  [["Portland", "OR", "972"], 2], [["Seattle", "WA", "981"], 2], [["Spokane", "WA", "992"], 2], [["Boise", "ID", "837"], 2],
  [["Chicago", "IL", "606"], 7], [["Rockford", "IL", "611"], 2], [["Milwaukee", "WI", "532"], 2], [["Minneapolis", "MN", "554"], 2],
  [["Bronx", "NY", "104"], 2], [["Buffalo", "NY", "142"], 2], [["Newark", "NJ", "071"], 2], [["Philadelphia", "PA", "191"], 4],
  [["Pittsburgh", "PA", "152"], 2], [["Baltimore", "MD", "212"], 2], [["Richmond", "VA", "232"], 2], [["Charlotte", "NC", "282"], 2],
  [["Memphis", "TN", "381"], 2], [["Louisville", "KY", "402"], 2], [["New Orleans", "LA", "701"], 2], [["Miami", "FL", "331"], 2],
];

export const streets = [
  "Main St", "Oak Ave", "Maple St", "Cedar Ln", "Pine St", "Elm St", "Washington Ave", "Lake Dr", "Hill Rd", "Park Ave",
  "Sunset Blvd", "River Rd", "Church St", "Mill Rd", "Jefferson St", "Lincoln Ave", "Highland Ave", "Franklin St",
  "Chestnut St", "Willow Way", "Martin Luther King Jr Blvd", "Cesar Chavez Ave", "Broadway", "5th St", "12th Ave",
];

export const emailDomains = ["gmail.com", "yahoo.com", "outlook.com", "hotmail.com", "icloud.com", "aol.com", "proton.me", "comcast.net"];

export const languages: readonly (readonly [string, number])[] = [
  ["en", 70], ["es", 18], ["zh", 3], ["vi", 3], ["ko", 1], ["ar", 1], ["tl", 2], ["ru", 1], ["ht", 1],
];

export const programs = ["SNAP", "Medicaid", "CHIP", "TANF", "ACA"] as const;

export const relationships: readonly (readonly [string, number])[] = [
  ["spouse", 25], ["child", 45], ["parent", 10], ["sibling", 8], ["grandchild", 5], ["domestic partner", 4], ["other relative", 3],
];

export const appointmentTypes: readonly (readonly [string, number])[] = [
  ["intake interview", 25], ["eligibility review", 25], ["renewal interview", 20], ["document review", 15], ["home visit", 5],
  ["phone interview", 10],
];

export const appointmentNotes = [
  "Bring proof of income for the last 30 days.",
  "Interpreter requested.",
  "Client prefers a morning slot.",
  "Rescheduled at the client's request.",
  "Verify household composition.",
  "Pending pay stubs from employer.",
  "Follow up on childcare expenses.",
  "Requested accessible entrance.",
];

/** Lowercase ASCII for the local part of an email ("O'Brien" → "obrien", "Ji-woo" → "jiwoo"). */
export const emailPart = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
