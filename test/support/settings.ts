/**
 * Sets an environment variable for one test file's platform, and puts it back afterwards: call it
 * before `useTestPlatform`, so that the platform starts with it (Jest runs a worker's files one after
 * another in one process, and a value left behind would reach the next file).
 */
export function useSetting(name: string, value: string): void {
  let before: string | undefined;
  beforeAll(() => {
    before = process.env[name];
    process.env[name] = value;
  });
  afterAll(() => {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  });
}
