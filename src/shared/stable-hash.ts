// A stable 32-bit hash of a text (FNV-1a): the same text gives the same number on every run and
// machine, so generated scenarios and the persona's lines vary with what was said, not by chance.
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
