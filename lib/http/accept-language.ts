// The languages a request's Accept-Language header asks for (RFC 9110 §12.5.4),
// best first, as lower-case primary subtags: "pt-PT, en;q=0.8" → ["pt", "en"].
// Ranges with q=0, "*" and malformed entries are dropped; equal weights keep
// the header's order. At most `max` languages, so a long header cannot make a
// long request to someone else.

const LANGUAGE_RANGE = /^([a-z]{2,3})(?:-[a-z0-9]{1,8})*$/i;
const WEIGHT = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

export function acceptedLanguages(header: string | null | undefined, max = 4): string[] {
  if (!header) return [];
  const ranges: { language: string; weight: number; index: number }[] = [];
  header.split(",").forEach((part, index) => {
    const [range = "", ...params] = part.split(";").map((piece) => piece.trim());
    const match = LANGUAGE_RANGE.exec(range);
    if (!match?.[1]) return;
    let weight = 1;
    for (const param of params) {
      const q = WEIGHT.exec(param);
      if (q?.[1] !== undefined) weight = Number(q[1]);
      else if (/^q=/i.test(param)) weight = 0; // an unreadable weight: not asked for
    }
    if (weight > 0) ranges.push({ language: match[1].toLowerCase(), weight, index });
  });
  ranges.sort((a, b) => b.weight - a.weight || a.index - b.index);
  return [...new Set(ranges.map((range) => range.language))].slice(0, max);
}
