/**
 * Toasts (sonner), loaded on first use so they stay out of the first page load. Every message a
 * shopper sees goes through here.
 */
const loadSonner = () => import('sonner');

export const notify = {
  success: (message: string) => void loadSonner().then(({ toast }) => toast.success(message)),
  error: (message: string) => void loadSonner().then(({ toast }) => toast.error(message)),
  info: (message: string) => void loadSonner().then(({ toast }) => toast.info(message)),
};
