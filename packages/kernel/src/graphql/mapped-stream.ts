/**
 * A stream whose items are `map` of its source's, ending the source when it is returned. Written by
 * hand rather than as an async generator: a generator cannot be returned while it awaits the next
 * source item, and an idle subscription must close at once when its client leaves, not on the next event.
 */
export class MappedStream<Source, Item> implements AsyncIterableIterator<Item> {
  private finished = false;

  constructor(
    private readonly source: AsyncIterator<Source>,
    private readonly map: (item: Source) => Item | Promise<Item>,
    /** Called once when the stream ends, however it ends. */
    private readonly onEnd: () => void = () => {},
  ) {}

  async next(): Promise<IteratorResult<Item>> {
    if (this.finished) return { value: undefined, done: true };
    let next: IteratorResult<Source>;
    try {
      next = await this.source.next();
    } catch (error) {
      this.end();
      throw error;
    }
    if (next.done || this.finished) return this.return();
    try {
      return { value: await this.map(next.value), done: false };
    } catch (error) {
      await this.return();
      throw error;
    }
  }

  async return(): Promise<IteratorResult<Item>> {
    if (!this.finished) {
      this.end();
      await this.source.return?.();
    }
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<Item>> {
    await this.return();
    throw error;
  }

  [Symbol.asyncIterator]() {
    return this;
  }

  private end() {
    if (this.finished) return;
    this.finished = true;
    this.onEnd();
  }
}
