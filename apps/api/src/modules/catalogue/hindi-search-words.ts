/**
 * What shoppers type in Hindi (Devanagari) for the catalogue's kinds, occasions and colours, read
 * as the catalogue's own words before searching: 'लाल लहंगा' searches 'red lehenga' (decision 056).
 * Spellings vary (चंद्रबिंदु or anusvara, with or without nukta), so several lead to one word. Keys
 * are compared in NFC, the form every text field is kept in.
 */
const WORDS: Record<string, string[]> = {
  lehenga: ['लहंगा', 'लहँगा', 'लेहंगा', 'लहंगे', 'लहँगे'],
  saree: ['साड़ी', 'साडी', 'साड़ियाँ', 'साड़ियां'],
  sherwani: ['शेरवानी', 'शेरवानियाँ'],
  anarkali: ['अनारकली'],
  gown: ['गाउन'],
  sharara: ['शरारा'],
  kurta: ['कुर्ता', 'कुरता', 'कुर्ते'],
  bandhgala: ['बंदगला', 'बंधगला', 'बन्दगला'],
  tuxedo: ['टक्सीडो'],
  jutti: ['जूती', 'जूतियाँ', 'जूतियां', 'जुत्ती', 'मोजड़ी'],
  safa: ['साफा', 'साफ़ा', 'पगड़ी'],
  dupatta: ['दुपट्टा', 'चुन्नी'],
  clutch: ['क्लच'],
  potli: ['पोटली'],
  jewellery: ['गहने', 'ज्वेलरी', 'आभूषण'],
  wedding: ['शादी', 'विवाह', 'ब्याह'],
  reception: ['रिसेप्शन'],
  mehendi: ['मेहंदी', 'मेहँदी', 'मेंहदी'],
  sangeet: ['संगीत'],
  festive: ['त्योहार', 'त्यौहार'],
  party: ['पार्टी'],
  red: ['लाल'],
  pink: ['गुलाबी'],
  yellow: ['पीला', 'पीली'],
  green: ['हरा', 'हरी'],
  blue: ['नीला', 'नीली'],
  black: ['काला', 'काली'],
  white: ['सफ़ेद', 'सफेद'],
  gold: ['सुनहरा', 'सुनहरी'],
  silk: ['रेशम', 'रेशमी', 'सिल्क'],
  velvet: ['मखमल', 'मखमली'],
};

const BY_HINDI = new Map(
  Object.entries(WORDS).flatMap(([word, spellings]) =>
    spellings.map((spelling) => [spelling.normalize('NFC'), word] as const),
  ),
);

/** The text with every Hindi word the table knows replaced by the catalogue's word. */
export function withHindiWordsRead(text: string): string {
  if (!/[\u0900-\u097F]/u.test(text)) return text;
  return text
    .split(/(\s+)/u)
    .map((part) => BY_HINDI.get(part.normalize('NFC')) ?? part)
    .join('');
}
