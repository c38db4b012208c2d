// Unicode NFC, as MediaWiki stores titles and text. Text below U+0300 holds no combining marks
// and no characters NFC composes, so it is returned as is without a call into ICU (most titles,
// links and style values).
const MAY_CHANGE_UNDER_NFC = /[^\u0000-\u02ff]/;

export function toNfc(text: string): string {
  return MAY_CHANGE_UNDER_NFC.test(text) ? text.normalize("NFC") : text;
}
