import { describe, expect, it } from 'vitest';
import { withHindiWordsRead } from './hindi-search-words.js';

describe('withHindiWordsRead', () => {
  it('reads the Hindi words it knows as the catalogue’s, and leaves the rest', () => {
    expect(withHindiWordsRead('लाल लहंगा')).toBe('red lehenga');
    expect(withHindiWordsRead('शादी के लिए शेरवानी')).toBe('wedding के लिए sherwani');
    expect(withHindiWordsRead('red lehenga')).toBe('red lehenga');
  });

  it('matches a spelling however its nukta is written', () => {
    // ड़ as one code point (U+095C) or as ड and a nukta (U+0921 U+093C): NFC makes them one.
    expect(withHindiWordsRead('सा\u095Cी')).toBe('saree');
    expect(withHindiWordsRead('सा\u0921\u093Cी')).toBe('saree');
  });
});
