import type { SUPPLY_TYPES } from '../constants/states.js';

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

/** How the GST inside an amount is charged: CGST + SGST within the seller's state, else IGST. */
export type SupplyType = (typeof SUPPLY_TYPES)[number];

export interface TaxSplit {
  /** The amount without its GST (gstInside's, so the invoices agree with the exports). */
  taxablePaise: number;
  /** The GST inside the amount: cgst + sgst + igst. */
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * The GST inside a gross amount (prices include GST, decision 054), split for a tax invoice
 * (decision 081). Within the seller's state (place of supply = the seller's state) the tax is
 * CGST + SGST, half each; when the tax is an odd number of paise, the odd paisa goes to CGST
 * (CGST = ⌈tax ÷ 2⌉, SGST = ⌊tax ÷ 2⌋). Otherwise it is all IGST. Whole paise; taxable value and
 * the parts always add up to the gross exactly. The gross is whole paise, 0 or more.
 */
export function taxSplit(grossPaise: number, ratePercent: number, supply: SupplyType): TaxSplit {
  const { taxablePaise, gstPaise } = gstInside(grossPaise, ratePercent);
  if (supply === 'inter-state') {
    return { taxablePaise, taxPaise: gstPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: gstPaise };
  }
  const sgstPaise = Math.floor(gstPaise / 2);
  return {
    taxablePaise,
    taxPaise: gstPaise,
    cgstPaise: gstPaise - sgstPaise,
    sgstPaise,
    igstPaise: 0,
  };
}

/** Intra-state when the place of supply is the seller's state (compared by GST state code). */
export function supplyTypeOf(sellerStateCode: string, placeOfSupplyCode: string): SupplyType {
  return sellerStateCode === placeOfSupplyCode ? 'intra-state' : 'inter-state';
}
