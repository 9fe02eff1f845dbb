import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import './styles/base.css';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { usePageFocus } from './components/use-page-focus';
import { loadSiteSettings, useSiteSettings } from './lib/site-settings';
import { siteConfig } from './site-config';
import { serverGraphql } from './lib/graphql';

export async function loader({ context }: Route.LoaderArgs) {
  return {
    cspNonce: context.cspNonce,
    testPayments: context.testPayments,
    paypal: context.paypalClientId ? { clientId: context.paypalClientId, sdkUrl: context.paypalSdkUrl } : null,
    publicUrl: context.publicUrl,
    settings: await loadSiteSettings(serverGraphql(context)),
  };
}

/** The root's data (nonce, payment mode, site settings) is read once a visit: no refetch on navigation. */
export const shouldRevalidate = () => false;

/** An error page keeps the headers its error was thrown with (Retry-After on a 503). */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'alternate', type: 'application/rss+xml', title: 'Blog', href: '/blog/rss.xml' },
  { rel: 'alternate', type: 'application/rss+xml', title: 'Video messages', href: '/videos/rss.xml' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={siteConfig.themeColor} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={root?.cspNonce} />
        <Scripts nonce={root?.cspNonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  usePageFocus();
  return (
    <>
      {loaderData.testPayments && (
        <aside className="test-banner" aria-label="Payments">
          <p>Test payments: no money moves</p>
        </aside>
      )}
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : 'Something went wrong';
  const message = notFound
    ? 'We could not find the page you were looking for. It may have moved, or the link may be mistyped.'
    : 'Sorry, this page could not be shown just now. Please try again in a moment.';
  // A 503 (the database is away) is already logged once by the API; anything else unexpected is logged here.
  const expected = isRouteErrorResponse(error) && (error.status === 404 || error.status === 503);
  if (!expected) console.error(error);
  const settings = useSiteSettings();
  return (
    <>
      <title>{settings.name ? `${title} | ${settings.name}` : title}</title>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="page narrow">
        <h1>{title}</h1>
        <p>{message}</p>
        <p>
          <a className="button" href="/">
            Go to the home page
          </a>
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
