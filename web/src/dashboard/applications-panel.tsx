import { useMemo } from "react";
import type { Session } from "./api";
import { applicationChannels, applicationStatuses, applicationsOverviewQuery } from "./queries";
import { clockTime, startOfToday } from "./time";
import { useGraphql } from "./use-graphql";

type Count = { total: number };
type Expedited = { id: string; status: string; submittedAt: string | null; programs: string[] };
type ApplicationsOverview = Record<string, Count> & { submittedToday: Count; expedited: Count & { items: Expedited[] } };

const label = (value: string) => value.replace(/_/g, " ");

export function ApplicationsPanel({ session, refresh }: { session: Session; refresh: number }) {
  // The day changes at midnight; the panel's query is rebuilt at its next refresh after that.
  const today = startOfToday(Date.now());
  const query = useMemo(() => applicationsOverviewQuery(today), [today]);
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
          <dl className="counts">
            {applicationStatuses.map((status) => (
              <div key={status} className="count" data-testid={`applications-${status}`}>
                <dt>{label(status)}</dt>
                <dd>{data[`status_${status}`]!.total}</dd>
              </div>
            ))}
          </dl>
          <h3>By channel</h3>
          <dl className="counts">
            {applicationChannels.map((channel) => (
              <div key={channel} className="count" data-testid={`channel-${channel}`}>
                <dt>{label(channel)}</dt>
                <dd>{data[`channel_${channel}`]!.total}</dd>
              </div>
            ))}
          </dl>
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
