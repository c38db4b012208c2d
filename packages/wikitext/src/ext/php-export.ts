// PHP's var_export() of strings and string maps: the parser tests' `<tag>` hook prints its input
// that way, so the expected output is PHP's exact text.

export function exportString(value: string | null): string {
  if (value === null) return "NULL";
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** PHP arrays turn decimal-integer string keys into integer keys. */
function exportKey(key: string): string {
  return /^(?:0|-?[1-9][0-9]*)$/.test(key) ? key : exportString(key);
}

export function exportMap(entries: readonly { name: string; value: string }[]): string {
  let out = "array (\n";
  for (const e of entries) out += `  ${exportKey(e.name)} => ${exportString(e.value)},\n`;
  return `${out})`;
}
