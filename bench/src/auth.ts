/**
 * The credential the load generator sends. The benchmarked platform runs in development mode (nothing
 * configured), so a state administrator's token is asked of its own `GET /dev/token`.
 */
export const authorization: { authorization?: string } = {};

export async function authorize(base: string): Promise<void> {
  const response = await fetch(`${base}/dev/token?role=state_admin&sub=bench`);
  if (!response.ok) throw new Error(`GET /dev/token answered ${response.status}: is the platform in development mode?`);
  authorization.authorization = `Bearer ${((await response.json()) as { token: string }).token}`;
}
