import { index, route, type RouteConfig } from '@react-router/dev/routes';

/** Every path of spec §2. Paths match case-insensitively, so `userlogin` also answers `/userLogin`. */
export default [
  index('routes/home.tsx', { id: 'home' }),
  route('home', 'routes/home.tsx', { id: 'home-alias' }),

  route('about-us', 'routes/about-us.tsx'),
  route('senior-pastors', 'routes/senior-pastors.tsx'),
  route('visit-info', 'routes/visit-info.tsx'),
  route('service-times', 'routes/service-times.tsx'),
  route('life-line', 'routes/life-line.tsx'),
  route('how-to-become-a-christian', 'routes/how-to-become-a-christian.tsx'),

  route('contact-us', 'routes/contact-us.tsx'),
  route('ask-a-question', 'routes/ask-a-question.tsx'),
  route('counselling', 'routes/counselling.tsx'),
  route('baptism', 'routes/baptism.tsx'),
  route('success', 'routes/success.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('accessibility', 'routes/accessibility.tsx'),

  route('blog', 'routes/blog.tsx'),
  route('testimonies', 'routes/testimonies.tsx'),
  route('prayer-wall', 'routes/prayer-wall.tsx'),
  route('programs', 'routes/programs.tsx'),
  route('post-details', 'routes/post-details-selected.tsx'),
  route('post-details/:id', 'routes/post-details.tsx'),

  route('book-shop', 'routes/book-shop.tsx'),
  route('book-details-page', 'routes/book-details-selected.tsx'),
  route('book-details-page/:id', 'routes/book-details.tsx'),
  route('book-payment-success', 'routes/book-payment-success.tsx', { id: 'book-payment-success' }),

  route('register', 'routes/register.tsx'),
  route('userlogin', 'routes/login.tsx', { id: 'login' }),
  route('user/login', 'routes/login.tsx', { id: 'user-login' }),
  route('password', 'routes/password.tsx'),
  route('password-sent', 'routes/password-sent.tsx', { id: 'password-sent' }),
  route('user/password-sent', 'routes/password-sent.tsx', { id: 'user-password-sent' }),
  route('reset-password', 'routes/reset-password.tsx'),
  route('verify-email', 'routes/verify-email.tsx'),
  route('admin-login', 'routes/admin-login.tsx'),
  route('account-deleted', 'routes/account-deleted.tsx'),

  route('user', 'routes/user/layout.tsx', [
    index('routes/user/index.tsx'),
    route('user-dashboard', 'routes/user/user-dashboard.tsx'),
    route('prayer-request', 'routes/user/prayer-request.tsx'),
    route('share-testimony', 'routes/user/share-testimony.tsx'),
    route('my-prayer-requests', 'routes/user/my-prayer-requests.tsx'),
    route('my-testimonies', 'routes/user/my-testimonies.tsx'),
    route('make-donations', 'routes/user/make-donations.tsx'),
    route('giving', 'routes/user/giving.tsx'),
    route('privacy', 'routes/user/privacy.tsx'),
    route('email-address', 'routes/user/email-address.tsx'),
    route('cart-page', 'routes/user/cart-page.tsx'),
    route('paypal-payment', 'routes/user/paypal-payment.tsx'),
    route('book-shop-paypal-payment-response', 'routes/user/book-shop-paypal-payment-response.tsx'),
    route('make-donations-paypal-payment-response', 'routes/user/make-donations-paypal-payment-response.tsx'),
    route('book-payment-success', 'routes/book-payment-success.tsx', { id: 'user-book-payment-success' }),
    route('donation-payment-success', 'routes/user/donation-payment-success.tsx'),
  ]),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
