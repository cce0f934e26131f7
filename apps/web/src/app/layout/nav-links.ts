export const NAV_LINKS = [
  { to: '/', label: 'HOME' },
  { to: '/collection', label: 'COLLECTION' },
  { to: '/about', label: 'ABOUT' },
  { to: '/contact', label: 'CONTACT' },
  { to: '/subscription-plans', label: 'PLANS' },
] as const;

export const FOOTER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/refund', label: 'Refund Policy' },
  { to: '/privacy', label: 'Warranty Policy' },
  { to: '/subscription-plans', label: 'Subscription Plans' },
] as const;
