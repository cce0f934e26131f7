const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words ('Forty-Two'); '' for 0. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]}-${ONES[unit]}`;
}

/** 0–999 in words; '' for 0. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = belowHundred(n % 100);
  if (hundreds === 0) return rest;
  return rest ? `${ONES[hundreds]} Hundred ${rest}` : `${ONES[hundreds]} Hundred`;
}

/**
 * A whole number in words the Indian way: crore, lakh, thousand, hundred (1,23,45,678 is 'One
 * Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight'). Above 99 crore the
 * crores are counted in the same words ('One Hundred Twenty-Three Crore').
 */
export function wholeNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${wholeNumberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    belowThousand(rest),
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * An amount as an Indian tax invoice writes it out: 'Rupees One Thousand Two Hundred Ninety-Nine
 * and Fifty Paise Only' (1,299.50), 'Rupees Five Hundred Only', 'Fifty Paise Only'.
 */
export function rupeesInWords(rupees: number): string {
  const paise = Math.round(Math.abs(rupees) * 100);
  const whole = Math.floor(paise / 100);
  const cents = paise % 100;
  const parts = [
    whole > 0 || cents === 0 ? `Rupees ${wholeNumberInWords(whole)}` : '',
    cents > 0 ? `${belowHundred(cents)} Paise` : '',
  ].filter(Boolean);
  return `${rupees < 0 && paise > 0 ? 'Minus ' : ''}${parts.join(' and ')} Only`;
}
