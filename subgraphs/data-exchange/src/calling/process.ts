import type { SensitiveSource } from "@pap/kernel/domain";
import type { PrismaClient } from "@pap/db";
import { AgencyAdapters } from "../agencies/adapters";
import { dataExchangeSettingsFromEnv, type DataExchangeSettings } from "../config/settings";
import type { CallMaker } from "./attempt";

/**
 * What one process shares among its requests and its outbox for making calls: the settings (read from
 * the environment when asked, so a test's platform sees its own), one adapter per service (whose
 * breaker must remember earlier calls), and the other domains' doors to the facts agencies need.
 */
export type CallingProcess = {
  settings: () => DataExchangeSettings;
  adapters: AgencyAdapters;
  sources: ReadonlyMap<string, SensitiveSource>;
  makerFor(db: PrismaClient): CallMaker;
};

export function callingProcess(sources: readonly SensitiveSource[]): CallingProcess {
  const settings = () => dataExchangeSettingsFromEnv();
  const adapters = new AgencyAdapters(() => {
    const current = settings();
    return { attempts: current.attemptsPerCall, breaker: current.breaker };
  });
  const byType = new Map(sources.map((source) => [source.resourceType, source]));
  return { settings, adapters, sources: byType, makerFor: (db) => ({ settings, adapters, sources: byType, db }) };
}
