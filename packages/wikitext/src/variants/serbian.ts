// Serbian is written in two scripts with a one-to-one correspondence between their letters
// (Vuk Karadžić's Cyrillic and Gaj's Latin alphabet): the variants sr-ec (Cyrillic) and sr-el
// (Latin). Three Cyrillic letters are Latin digraphs (љ lj, њ nj, џ dž). Roman numerals stay
// Latin in Cyrillic text, as MediaWiki's converter keeps them.

const CYRILLIC = "абвгдђежзијклљмнњопрстћуфхцчџшАБВГДЂЕЖЗИЈКЛЉМНЊОПРСТЋУФХЦЧЏШ";
const LATIN = [
  "a", "b", "v", "g", "d", "đ", "e", "ž", "z", "i", "j", "k", "l", "lj", "m", "n", "nj", "o", "p", "r", "s", "t", "ć", "u", "f", "h", "c", "č", "dž", "š",
  "A", "B", "V", "G", "D", "Đ", "E", "Ž", "Z", "I", "J", "K", "L", "Lj", "M", "N", "Nj", "O", "P", "R", "S", "T", "Ć", "U", "F", "H", "C", "Č", "Dž", "Š",
];

const TO_LATIN = new Map<string, string>();
const TO_CYRILLIC = new Map<string, string>();
for (let i = 0; i < CYRILLIC.length; i++) {
  TO_LATIN.set(CYRILLIC[i]!, LATIN[i]!);
  TO_CYRILLIC.set(LATIN[i]!, CYRILLIC[i]!);
}
// Digraphs written in capitals (an all-caps word).
TO_CYRILLIC.set("LJ", "Љ");
TO_CYRILLIC.set("NJ", "Њ");
TO_CYRILLIC.set("DŽ", "Џ");

const ROMAN_NUMERAL = /^(?=[MDCLXVI])M*(C[MD]|D?C{0,4})(X[CL]|L?X{0,4})(I[XV]|V?I{0,4})$/;
const WORDS = /[\p{L}\p{M}\p{N}_]+/gu;

/** Text in Cyrillic: Latin letters (digraphs first) become Cyrillic, Roman numerals excepted. */
export function toCyrillic(text: string): string {
  return text.replace(WORDS, (word) => {
    if (ROMAN_NUMERAL.test(word)) return word;
    let out = "";
    for (let i = 0; i < word.length; i++) {
      const pair = TO_CYRILLIC.get(word.slice(i, i + 2));
      if (pair !== undefined) {
        out += pair;
        i++;
        continue;
      }
      const c = word[i]!;
      out += TO_CYRILLIC.get(c) ?? c;
    }
    return out;
  });
}

/** Text in Latin: every Cyrillic letter becomes its Latin letter (or digraph). */
export function toLatin(text: string): string {
  let out = "";
  for (const c of text) out += TO_LATIN.get(c) ?? c;
  return out;
}
