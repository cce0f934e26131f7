/**
 * GST inside a price (decision 054): Pehnava's prices are what the shopper pays, tax included, so
 * the accountant's taxable value is the price less the tax it contains. Whole paise; the tax is
 * what is left after the taxable value is rounded, so the two always add up to the price.
 */
export function gstInside(
  pricePaise: number,
  ratePercent: number,
): { taxablePaise: number; gstPaise: number } {
  const taxablePaise = Math.round((pricePaise * 100) / (100 + ratePercent));
  return { taxablePaise, gstPaise: pricePaise - taxablePaise };
}
