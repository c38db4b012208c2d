// Values derived once per long-lived object: a site's regexes and tables, built on first use and
// dropped with the site (a WeakMap keeps no site alive).

/**
 * `compute` memoised per key object; `null` results are remembered too. The last key is answered
 * without the WeakMap lookup (a process mostly serves one site at a time, and hot callers such as
 * title parsing ask per link); that slot holds one key alive until another is asked for.
 */
export function memoizedPerObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const values = new WeakMap<K, V>();
  let lastKey: K | null = null;
  let lastValue: V | undefined;
  return (key: K): V => {
    if (key === lastKey) return lastValue as V;
    let value = values.get(key);
    if (value === undefined && !values.has(key)) {
      value = compute(key);
      values.set(key, value);
    }
    lastKey = key;
    lastValue = value;
    return value as V;
  };
}
