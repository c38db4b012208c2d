// Objects with user-chosen keys (an extension tag's attributes) whose JSON must list the keys in
// the order they were written, as Parsoid's (PHP arrays keep insertion order). A JS object lists
// integer-like keys ("2", "16") first, in ascending order, whatever order they were added in, so
// `<tag b="x" 2="y">` would come out as {"2":"y","b":"x"}.
//
// Most records have no integer-like key and stay plain objects. Only one whose key order differs
// from the written order becomes a Proxy whose `ownKeys` reports the written order: JSON.stringify,
// Object.keys and Object.entries all ask for the keys that way, so the output code needs no
// special case, and reading a value works as on the plain object.

/** Whether `key` is one JS orders before string keys (a canonical array index). */
function isArrayIndex(key: string): boolean {
  const first = key.charCodeAt(0);
  if (first < 0x30 || first > 0x39) return false;
  if (key.length === 1) return true;
  if (first === 0x30 || key.length > 10) return false;
  for (let i = 1; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return Number(key) < 4294967295;
}

/**
 * The handler of a record that keeps its keys' order: `order` is updated as keys are added
 * (assignment goes through defineProperty) and deleted.
 */
function orderKeepingHandler<T>(order: string[]): ProxyHandler<Record<string, T>> {
  return {
    ownKeys: () => order.slice(),
    defineProperty(target, key, descriptor) {
      if (typeof key === "string" && !Object.prototype.hasOwnProperty.call(target, key)) order.push(key);
      return Reflect.defineProperty(target, key, descriptor);
    },
    deleteProperty(target, key) {
      const at = typeof key === "string" ? order.indexOf(key) : -1;
      if (at >= 0) order.splice(at, 1);
      return Reflect.deleteProperty(target, key);
    },
  };
}

/** Whether `record` lists an integer-like key, so that its key order may not be the one it was given. */
export function hasIndexKey(record: object): boolean {
  for (const key in record) if (isArrayIndex(key)) return true;
  return false;
}

/**
 * `record` with its keys enumerating in `order` (the keys it has, each once): itself when they
 * already do, else a view of it that does.
 */
export function withKeyOrder<T>(record: Record<string, T>, order: readonly string[]): Record<string, T> {
  const keys = Object.keys(record);
  if (keys.length !== order.length) return record;
  let same = true;
  for (let i = 0; i < keys.length && same; i++) same = keys[i] === order[i];
  if (same) return record;
  for (const key of order) if (!Object.prototype.hasOwnProperty.call(record, key)) return record;
  return new Proxy(record, orderKeepingHandler<T>(order.slice()));
}

/**
 * A record of `entries` (name, value) whose keys enumerate in the order written: a repeated
 * name keeps its first place and takes its last value, as a PHP array assignment does.
 */
export function orderedRecord<T>(entries: readonly { readonly name: string; readonly value: T }[]): Record<string, T> {
  // A literal, as before: V8 keeps it in fast mode, which JSON.stringify writes fastest (a
  // prototype-less object starts in dictionary mode). "__proto__" is defined rather than
  // assigned, so that it is an attribute like any other.
  const record: Record<string, T> = {};
  let hasIndex = false;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.name === "__proto__") Object.defineProperty(record, e.name, { value: e.value, enumerable: true, writable: true, configurable: true });
    else record[e.name] = e.value;
    if (!hasIndex && isArrayIndex(e.name)) hasIndex = true;
  }
  if (!hasIndex) return record;
  // The rare path: the object's order may differ from the written one.
  const order: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const name = entries[i]!.name;
    if (!order.includes(name)) order.push(name);
  }
  return withKeyOrder(record, order);
}
