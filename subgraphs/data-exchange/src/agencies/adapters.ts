import type { CatalogEntry } from "../config/catalog";
import { httpAgencyAdapter, type AgencyAdapter, type AgencyPolicy } from "./agency-adapter";

/**
 * The process's agency adapters, one per catalog entry (so one breaker per service), made on first use
 * and kept: a breaker must remember the calls before this one.
 */
export class AgencyAdapters {
  private readonly byService = new Map<string, { url: string; adapter: AgencyAdapter }>();

  /** The policy is read when an adapter is made (a deployment's settings, or a test's). */
  constructor(private readonly policy: () => AgencyPolicy) {}

  for(entry: CatalogEntry): AgencyAdapter {
    const known = this.byService.get(entry.id);
    if (known && known.url === entry.endpoint.url) return known.adapter;
    known?.adapter.dispose();
    const adapter = httpAgencyAdapter(entry, this.policy());
    this.byService.set(entry.id, { url: entry.endpoint.url, adapter });
    return adapter;
  }

  /** Each service's breaker, for logs and tests. */
  breakerStates(): Record<string, string> {
    return Object.fromEntries([...this.byService.entries()].map(([id, { adapter }]) => [id, adapter.breakerState]));
  }

  dispose(): void {
    for (const { adapter } of this.byService.values()) adapter.dispose();
    this.byService.clear();
  }
}
