/** A numeric setting from the environment: a positive whole number as given, else the default (never NaN or 0 by a typo). */
export function positiveIntegerSetting(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(number) && number > 0 ? number : fallback;
}
