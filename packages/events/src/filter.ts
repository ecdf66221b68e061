import type { PlatformEvent } from "./envelope";

/**
 * Which events a live subscriber wants. `types` entries are exact types or prefixes ending in `*`
 * (`intake.*`); an event matches when it matches any entry and every other given attribute.
 */
export type EventFilter = {
  types?: readonly string[];
  source?: string;
  subject?: string;
};

export function matchesType(pattern: string, type: string): boolean {
  return pattern.endsWith("*") ? type.startsWith(pattern.slice(0, -1)) : type === pattern;
}

export function matchesFilter(filter: EventFilter, event: PlatformEvent): boolean {
  if (filter.types?.length && !filter.types.some((pattern) => matchesType(pattern, event.type))) return false;
  if (filter.source !== undefined && event.source !== filter.source) return false;
  if (filter.subject !== undefined && event.subject.toLowerCase() !== filter.subject.toLowerCase()) return false;
  return true;
}
