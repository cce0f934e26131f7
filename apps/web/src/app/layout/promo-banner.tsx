export function PromoBanner() {
  return (
    <div className="bg-maroon-900 px-4 py-2 text-center text-xs tracking-wide text-white sm:text-sm">
      First rental? Use code <strong className="font-semibold text-gold-300">WELCOME50</strong> for
      50% off your first order
    </div>
  );
}
