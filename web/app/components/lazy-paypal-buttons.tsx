import { lazy, Suspense, useEffect, useState } from 'react';
import type { PayPalButtonsProps } from './paypal-buttons';

const PayPalCheckoutButtons = lazy(() => import('./paypal-buttons'));

/**
 * PayPal's buttons, fetched only in the browser and only on the pages that show them: neither the library nor
 * PayPal's script reaches any other page's first load.
 */
export function LazyPayPalButtons(props: PayPalButtonsProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <PayPalCheckoutButtons {...props} />
    </Suspense>
  );
}
