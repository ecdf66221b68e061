import { useMemo } from "react";
import type { Session } from "./api";
import { pageConfig } from "./page-config";
import { operations } from "./operations";
import { Counts } from "./counts";
import { clockTime, startOfToday } from "./time";
import { useGraphql } from "./use-graphql";

type Count = { total: number };
type Expedited = { id: string; status: string; submittedAt: string | null; programs: string[] };
type ApplicationsOverview = Record<string, Count> & { submittedToday: Count; expedited: Count & { items: Expedited[] } };

export function ApplicationsPanel({ session, refresh }: { session: Session; refresh: number }) {
  // The day changes at midnight; the panel's variables change at its next refresh after that.
  const today = startOfToday(Date.now());
  const query = useMemo(() => operations.applicationsOverview(today), [today]);
  const { data, problem } = useGraphql<ApplicationsOverview>(session, query, refresh);
  return (
    <section className="panel" aria-labelledby="applications-title" data-testid="applications">
      <h2 id="applications-title">Applications</h2>
      {problem && <p className="problem">{problem}</p>}
      {data && (
        <>
          <div className="figures">
            <div className="figure" data-testid="submitted-today">
              <span className="figure-value">{data.submittedToday.total}</span> submitted today
            </div>
            <div className="figure" data-testid="expedited-awaiting">
              <span className="figure-value">{data.expedited.total}</span> expedited, awaiting review
            </div>
          </div>
          <h3>By status</h3>
          <Counts
            figures={pageConfig.applicationStatuses.map((status) => ({
              label: status,
              value: data[`status_${status}`]!.total,
              testId: `applications-${status}`,
            }))}
          />
          <h3>By channel</h3>
          <Counts
            figures={pageConfig.applicationChannels.map((channel) => ({
              label: channel,
              value: data[`channel_${channel}`]!.total,
              testId: `channel-${channel}`,
            }))}
          />
          {data.expedited.items.length > 0 && (
            <>
              <h3>Expedited, longest waiting first</h3>
              <ul className="plain">
                {data.expedited.items.map((application) => (
                  <li key={application.id}>
                    <code>{application.id.slice(0, 8)}</code> {application.programs.join(", ")}, submitted{" "}
                    {application.submittedAt ? clockTime(application.submittedAt) : "—"}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
