/**
 * A keyring's data keys: the one it seals with now, and the ones it has unwrapped to unseal.
 *
 * A process seals many values under one data key (wrapped once by the master key) before it draws the
 * next, and remembers the data keys it has unwrapped, so a value costs one AES-GCM operation to seal or
 * unseal rather than two, the wrap's being paid once per data key. Each value still has a random IV of
 * its own (AES-GCM's bound for random IVs is 2^32 values per key; a data key seals far fewer), and a
 * stored value is exactly as before: values sealed with a data key each unseal alike.
 */

/** A wrapped data key as it leads a sealed value's payload (base64url), with the key it unwraps to. */
export type DataKey = { key: Buffer; wrapped: string };

export type DataKeyOptions = {
  /** Values one data key seals before the next is drawn. */
  valuesPerDataKey: number;
  /** Unwrapped data keys remembered, the least recently used forgotten first. */
  keysRemembered: number;
};

export const dataKeyDefaults: DataKeyOptions = { valuesPerDataKey: 100_000, keysRemembered: 1_000 };

export class DataKeys {
  private current?: DataKey & { uses: number };
  /** By the sealed text's header and wrapped key: the same characters can only unwrap to the same key. */
  private readonly unwrapped = new Map<string, Buffer>();
  /** The entry used last, the map's last. */
  private newest?: string;

  constructor(
    private readonly draw: () => DataKey,
    private readonly options: DataKeyOptions,
  ) {}

  /** The data key the next value is sealed with. */
  forSealing(): DataKey {
    if (!this.current || this.current.uses >= this.options.valuesPerDataKey) this.current = { ...this.draw(), uses: 0 };
    this.current.uses++;
    return this.current;
  }

  /** The data key `wrapped` unwraps to, if it was unwrapped lately. */
  remembered(wrapped: string): Buffer | undefined {
    const key = this.unwrapped.get(wrapped);
    // Kept as the most recently used, so a store's few shared keys stay while values with keys of their
    // own pass through; the key just used is newest already, which is the common case.
    if (key && wrapped !== this.newest) {
      this.unwrapped.delete(wrapped);
      this.unwrapped.set(wrapped, key);
      this.newest = wrapped;
    }
    return key;
  }

  /** `key`, just unwrapped (and so authenticated) from `wrapped`, remembered. */
  remember(wrapped: string, key: Buffer): Buffer {
    this.unwrapped.set(wrapped, key);
    this.newest = wrapped;
    if (this.unwrapped.size > this.options.keysRemembered) {
      const oldest = this.unwrapped.keys().next().value;
      if (oldest !== undefined) this.unwrapped.delete(oldest);
    }
    return key;
  }
}
