// Places in a call's output that Parsoid, which expands every nested call on its own, tells
// apart from the text around them: the line break MediaWiki puts before a nested call's block
// syntax (T2529; Parsoid's tree has no text for it) and the pipe a nested {{!}} wrote (Parsoid
// reads it as a link's pipe, unlike a template's literal `|`). Offsets into the output's text,
// ascending; collected while the output is concatenated (Expander.expand), so a place survives
// as far as the outputs holding it are taken verbatim (not through a parser function's result).

export interface OutputMarks {
  newlines: number[];
  pipes: number[];
}

export function emptyMarks(): OutputMarks {
  return { newlines: [], pipes: [] };
}

/** Whether nothing was marked. */
export function isEmptyMarks(marks: OutputMarks): boolean {
  return marks.newlines.length === 0 && marks.pipes.length === 0;
}

/** Adds `from`'s places, which are offsets into a text that starts at `shift` in `into`'s. */
export function addMarks(into: OutputMarks, from: OutputMarks, shift: number): void {
  for (const at of from.newlines) into.newlines.push(at + shift);
  for (const at of from.pipes) into.pipes.push(at + shift);
}

/** A copy with every place moved by `shift` (a line break put before the whole output). */
export function shiftedMarks(marks: OutputMarks, shift: number): OutputMarks {
  const out = emptyMarks();
  addMarks(out, marks, shift);
  return out;
}
