/**
 * Which of the types an answer can take the request's Accept header prefers (RFC 9110 §12.5.1):
 * each offered type gets the weight of the most specific range that matches it (type/subtype,
 * then type/*, then *\/*), and the heaviest wins. The first offered type is the default: it wins
 * ties (`*\/*`, or both listed at the same weight), and it is the answer with no Accept header or
 * one that accepts none of them (no 406: a client that asks oddly gets the usual answer).
 */
export function preferredType<T extends string>(
  accept: string | undefined,
  offered: readonly [T, ...T[]],
): T {
  if (!accept) return offered[0];
  const ranges = accept.split(',').flatMap((part) => {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const [type, subtype] = range.split('/');
    if (!type || !subtype) return [];
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    return Number.isFinite(weight) ? [{ type, subtype, weight }] : [];
  });
  const weightOf = (offer: string) => {
    const [type, subtype] = offer.toLowerCase().split('/');
    let best: { specificity: number; weight: number } | undefined;
    for (const range of ranges) {
      const specificity =
        range.type === type && range.subtype === subtype
          ? 2
          : range.type === type && range.subtype === '*'
            ? 1
            : range.type === '*' && range.subtype === '*'
              ? 0
              : -1;
      if (specificity >= 0 && (!best || specificity > best.specificity)) {
        best = { specificity, weight: range.weight };
      }
    }
    return best?.weight ?? 0;
  };
  let chosen = offered[0];
  let chosenWeight = weightOf(chosen);
  for (const offer of offered.slice(1)) {
    const weight = weightOf(offer);
    if (weight > chosenWeight) [chosen, chosenWeight] = [offer, weight];
  }
  return chosen;
}
