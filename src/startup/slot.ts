/**
 * The implementation behind something registered at start-up (a provider, a tree, a panel
 * serializer), given to it when the features load. A caller that comes first waits for that
 * load; once filled, listeners learn of the implementation (to forward its change events).
 */
export class Slot<T> {
  private value?: T;
  private readonly listeners: Array<(value: T) => void> = [];

  constructor(
    /** How errors name what is missing: "file system provider for opsconfig-edit". */
    readonly what: string,
    private readonly loadFeatures: () => Promise<unknown>,
  ) {}

  get current(): T | undefined {
    return this.value;
  }

  /** The implementation, loading the features first if they have not loaded yet. */
  async get(): Promise<T> {
    if (this.value === undefined) await this.loadFeatures();
    if (this.value === undefined) throw new Error(`The extension's features loaded without a ${this.what}.`);
    return this.value;
  }

  fill(value: T): void {
    if (this.value !== undefined) throw new Error(`A ${this.what} was given twice.`);
    this.value = value;
    for (const listener of this.listeners.splice(0)) listener(value);
  }

  /** Runs `listener` with the implementation once it is there (at once if it already is). */
  whenFilled(listener: (value: T) => void): void {
    if (this.value !== undefined) listener(this.value);
    else this.listeners.push(listener);
  }
}
