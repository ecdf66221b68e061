import { useEffect, useState } from "react";

/** The current time, ticking once a second, for clocks that count down on screen. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "2d 4h", "3h 12m", "4m 05s": the two largest units of a span of time. */
export function formatSpan(milliseconds: number): string {
  const seconds = Math.floor(Math.abs(milliseconds) / 1_000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days) return `${days}d ${hours}h`;
  if (hours) return `${hours}h ${String(minutes).padStart(2, "0")}m`;
  return `${minutes}m ${String(seconds % 60).padStart(2, "0")}s`;
}

/** Time left until a deadline, or how long ago it passed. */
export function timeLeft(deadline: string, now: number): { text: string; overdue: boolean } {
  const left = Date.parse(deadline) - now;
  return left >= 0 ? { text: `${formatSpan(left)} left`, overdue: false } : { text: `${formatSpan(left)} overdue`, overdue: true };
}

/** Local midnight today, as the instant a `submittedAt:>=` condition compares with. */
export const startOfToday = (now: number) => {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.toISOString();
};

export const clockTime = (instant: string) => new Date(instant).toLocaleTimeString();
