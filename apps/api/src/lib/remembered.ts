/**
 * Answers worked out from a key and remembered, at most `maxEntries` of them: the map is emptied
 * when full. For a hot path whose keys come from clients (a Host header, an Accept-Encoding
 * value): the few real ones are worked out once, and made-up ones only churn the map, never grow it.
 */
export function rememberedBy<T>(maxEntries: number): (key: string, work: () => T) => T {
  const answers = new Map<string, T>();
  return (key, work) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = work();
      if (answers.size >= maxEntries) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}
