/**
 * Object keys that come from a server or a user's document are data. A key named `constructor`,
 * `toString` or `__proto__` must behave like any other: `key in object` and `object[key]` see the
 * prototype's members, and `object[key] = value` with `__proto__` replaces the prototype instead
 * of adding a field. These helpers look at and write own properties only.
 */

export function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** The own value of `key`, or undefined when the object does not have it itself. */
export function ownValue(object: Record<string, unknown>, key: string): unknown {
  return hasOwn(object, key) ? object[key] : undefined;
}

/** Adds or replaces an own, enumerable field, whatever its name (`__proto__` included). */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
