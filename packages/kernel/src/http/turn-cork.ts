/** What can be corked: a socket, or an HTTP answer. */
type Corkable = { cork(): void; uncork(): void };

/**
 * Holds a stream's writes until the current turn of the event loop ends, so that what one turn writes
 * (the events of one hub read) leaves in one system call instead of one each. `hold` before a write:
 * the turn's first write corks, and the turn's end uncorks. `release` lets what is held go at once
 * (before waiting for a full socket to drain).
 */
export function corkedPerTurn(stream: Corkable): { hold(): void; release(): void } {
  let corked = false;
  const release = () => {
    if (!corked) return;
    corked = false;
    stream.uncork();
  };
  return {
    hold() {
      if (corked) return;
      corked = true;
      stream.cork();
      process.nextTick(release);
    },
    release,
  };
}
