import { lazy, Suspense } from 'react';
import type { PayPalButtonsProps } from './paypal-buttons';
import { useHydrated } from './use-hydrated';

const PayPalCheckoutButtons = lazy(() => import('./paypal-buttons'));

/**
 * PayPal's buttons, fetched only in the browser and only on the pages that show them: neither the library nor
 * PayPal's script reaches any other page's first load.
 */
export function LazyPayPalButtons(props: PayPalButtonsProps) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <PayPalCheckoutButtons {...props} />
    </Suspense>
  );
}
