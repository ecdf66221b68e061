/** A row of labelled figures (tasks per state, applications per channel…), each findable by its test id. */
export function Counts({ figures }: { figures: { label: string; value: number; testId: string; className?: string }[] }) {
  return (
    <dl className="counts">
      {figures.map((figure) => (
        <div key={figure.testId} className={`count ${figure.className ?? ""}`} data-testid={figure.testId}>
          <dt>{figure.label.replace(/_/g, " ")}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
