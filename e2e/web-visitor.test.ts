import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, escapeHtml, graphql, logIn, openSignedIn, refuseOtherOrigins } from './web-helpers.ts';

let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

type PostTitle = { id: string; name: string };

test("the home page's HTML already holds the seeded blog posts, before any script runs", async () => {
  const { blog } = await graphql<{ blog: PostTitle[] }>(site.baseUrl, '{ blog: allPosts(filter: { categoryId: 3 }, perPage: 8) { id name } }');
  assert.ok(blog.length >= 3, 'the demo seed has blog posts');
  const html = await (await fetch(`${site.baseUrl}/`)).text();
  for (const post of blog) assert.ok(html.includes(escapeHtml(post.name)), `the HTML of / contains "${post.name}"`);
  assert.match(html, /<title>Home \| /);
  assert.match(html, /<meta name="description" content="[^"]+"/);
});

test('the home page asks for its stylesheets and hero image first, and its scripts at low priority', async () => {
  const html = await (await fetch(`${site.baseUrl}/`)).text();
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([tag]) => tag);
  assert.ok(preloads.length >= 2, 'the entry and the route modules are preloaded');
  for (const tag of preloads) assert.match(tag, / fetchpriority="low"/, tag);
  const stylesheets = [...html.matchAll(/<link[^>]* rel="stylesheet"[^>]*>/g)].map(([tag]) => tag);
  assert.ok(stylesheets.length > 0);
  for (const tag of stylesheets) assert.doesNotMatch(tag, /fetchpriority/i, tag);
  assert.match(html, /<img [^>]*fetchPriority="high"/, 'the first slide is fetched first');
  assert.ok((html.match(/class="hero-slide"/g)?.length ?? 0) >= 2, 'every slide is in the HTML');
  assert.equal(html.match(/class="hero-slide"[^>]*><img/g)?.length, 1, 'with only the first slide’s image');
});

/** Spec §2's public routes (and the shareable ones): each answers from the server with its own title and description. */
test('every public route answers with its content, a title and a description', async () => {
  const { allBooks } = await graphql<{ allBooks: { id: string; title: string }[] }>(site.baseUrl, '{ allBooks(perPage: 1) { id title } }');
  const { allPosts } = await graphql<{ allPosts: { id: string; name: string }[] }>(site.baseUrl, '{ allPosts(filter: { categoryId: 3 }, perPage: 1) { id name } }');
  const routes: Record<string, string> = {
    '/': 'A family of faith',
    '/home': 'A family of faith',
    '/about-us': 'What we believe',
    '/senior-pastors': 'Our senior pastors',
    '/visit-info': 'Plan your visit',
    '/service-times': 'Night Vigil',
    '/ask-a-question': 'Ask a question',
    '/counselling': 'Counselling',
    '/baptism': 'Baptism',
    '/life-line': 'You are not alone',
    '/how-to-become-a-christian': 'How to become a Christian',
    '/blog': allPosts[0].name,
    '/testimonies': 'What God has done',
    '/prayer-wall': 'Prayer wall',
    '/programs': 'What is coming up',
    '/book-shop': allBooks[0].title,
    '/book-details-page': 'Book details',
    [`/book-details-page/${allBooks[0].id}`]: allBooks[0].title,
    '/post-details': 'Selected post',
    [`/post-details/${allPosts[0].id}`]: allPosts[0].name,
    '/contact-us': 'Send us a message',
    '/register': 'Create An Account',
    '/userlogin': 'Member login',
    '/user/login': 'Member login',
    '/userLogin': 'Member login',
    '/password': 'Reset your password',
    '/password-sent': 'Check your email',
    '/reset-password?token=abc': 'Choose a new password',
    '/success': 'Your message has been received',
    '/book-payment-success': 'Your payment was received.',
  };
  for (const [path, content] of Object.entries(routes)) {
    const response = await fetch(`${site.baseUrl}${path}`);
    assert.equal(response.status, 200, path);
    const html = await response.text();
    assert.ok(html.includes(escapeHtml(content)), `${path} shows "${content}"`);
    assert.match(html, /<title>[^<]+ \| [^<]+<\/title>/, `${path} has a title`);
    assert.match(html, /<meta name="description" content="[^"]{20,}"/, `${path} has a description`);
  }
  const missing = await fetch(`${site.baseUrl}/no-such-page`);
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /Page not found/);
  const post = await (await fetch(`${site.baseUrl}/post-details/${allPosts[0].id}`)).text();
  assert.match(post, /<meta property="og:title" content="[^"]+"/);
  assert.match(post, /<meta property="og:url" content="http:\/\/127\.0\.0\.1:\d+\/post-details\/\d+"/);
});

test('a visitor reads the home page and a blog post without any request to another origin', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const refused = await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${site.baseUrl}/`, { waitUntil: 'networkidle' });
    assert.deepEqual(refused, [], 'the first load asks nothing of another origin');
    assert.equal(await page.locator('h1').count(), 1);
    assert.equal(await page.locator('.hero-slide').count() > 0, true, 'the slider shows the slider images');
    const slide = page.locator('.hero-slide img').first();
    assert.match((await slide.getAttribute('srcset')) ?? '', /\/uploads\/\S+ 480w/, 'images come with their variants');
    assert.equal(await slide.getAttribute('sizes'), '100vw');
    assert.ok(Number(await slide.getAttribute('width')) > 0 && Number(await slide.getAttribute('height')) > 0, 'and their size, so nothing jumps');
    assert.ok(await page.getByText('Test payments: no money moves').isVisible(), 'the emulator takes payments: the site says so');

    const videos = page.locator('.video-facade');
    assert.equal(await videos.count(), (await graphql<{ v: unknown[] }>(site.baseUrl, '{ v: allVideos(perPage: 8) { id } }')).v.length);
    assert.equal(await page.locator('iframe').count(), 0, 'no video player before someone asks for one');
    await videos.first().click();
    assert.match((await page.locator('.video-frame iframe').getAttribute('src')) ?? '', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);

    const firstPost = page.locator('[aria-labelledby="blog-heading"] .post-card').first();
    const title = (await firstPost.locator('.card-title').innerText()).trim();
    await firstPost.locator('.card-link').click();
    await page.waitForURL(/\/post-details\/\d+$/);
    await page.locator('h1', { hasText: title }).waitFor();
    assert.equal(await page.locator('meta[property="og:title"]').getAttribute('content'), title);
    assert.ok((await page.locator('.prose').innerText()).length > 40, 'the post body is shown');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the home slider plays, moves with its buttons, and stays still for people who asked for less motion', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  try {
    await page.goto(`${site.baseUrl}/`);
    const track = page.locator('.hero-track');
    await page.waitForFunction(() => document.querySelector('.hero-track')?.getAttribute('data-slide-index') !== '0', undefined, { timeout: 8000 });

    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    const paused = await track.getAttribute('data-slide-index');
    await page.getByRole('button', { name: 'Next slide' }).press('Enter');
    assert.notEqual(await track.getAttribute('data-slide-index'), paused, 'Next moves the slider from the keyboard');
    await page.getByRole('button', { name: 'Show slide 1', exact: false }).click();
    assert.equal(await track.getAttribute('data-slide-index'), '0');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await page.waitForTimeout(3800);
    assert.equal(await page.locator('.hero-track').getAttribute('data-slide-index'), '0', 'no autoplay with prefers-reduced-motion');
  } finally {
    await context.close();
  }
});

test("a visitor sends the contact form, sees the server's errors by their fields, then lands on /success", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const refused = await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  try {
    const { siteConfig } = await graphql<{ siteConfig: { emails: { address: string }[]; latitude: number; longitude: number } }>(
      site.baseUrl,
      '{ siteConfig: siteSettings { emails { address } latitude longitude } }',
    );
    await page.goto(`${site.baseUrl}/contact-us`, { waitUntil: 'networkidle' });
    for (const email of siteConfig.emails) assert.ok(await page.getByRole('link', { name: email.address }).first().isVisible());
    assert.ok(await page.getByRole('cell', { name: '7pm to 8.30pm' }).first().isVisible(), 'the weekly schedule is shown');

    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
    const invalid = page.getByLabel('Full name');
    const described = await invalid.getAttribute('aria-describedby');
    assert.ok(described, 'the field in error points at its message');
    const message = page.locator(`#${described}`);
    assert.ok(await message.isVisible());
    assert.match(await message.innerText(), new RegExp((await invalid.getAttribute('name')) ?? '-', 'i'), 'the message names its field');
    assert.equal(await message.evaluate((element) => getComputedStyle(element).color), 'rgb(179, 38, 30)', 'in red');

    const name = page.getByLabel('Full name');
    await name.fill('Lydia Purple');
    await page.getByLabel('Email').fill('lydia@example.net');
    await page.getByLabel('Phone').fill('020 7946 0555');
    await page.getByLabel('Reason for getting in touch').selectOption('prayer');
    await page.getByLabel('Short description').fill('Please pray for my family as we move house next month.');
    // Hold the answer back a moment to see the button while the form is on its way.
    await page.route('**/contact-us.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('button', { name: 'submitting, please wait' }).waitFor();
    await page.waitForURL(`${site.baseUrl}/success`);
    await page.getByText('Your message has been received').waitFor();
    await page.getByText('We will contact you shortly').waitFor();

    const admin = await logIn(site.baseUrl, ADMIN.email, ADMIN.password);
    const { allContactEnquiries } = await graphql<{ allContactEnquiries: { name: string; reason: string }[] }>(
      site.baseUrl,
      '{ allContactEnquiries(filter: { q: "Lydia" }) { name reason } }',
      {},
      admin.token,
    );
    assert.deepEqual(allContactEnquiries, [{ name: 'Lydia Purple', reason: 'prayer' }], 'the enquiry was stored');

    await page.goto(`${site.baseUrl}/contact-us`);
    const map = page.locator('.map');
    await map.scrollIntoViewIfNeeded();
    await page.locator('.map[data-loaded]').waitFor();
    assert.equal(await map.getAttribute('data-zoom'), '18');
    assert.equal(Number(await map.getAttribute('data-latitude')), siteConfig.latitude);
    assert.equal(Number(await map.getAttribute('data-longitude')), siteConfig.longitude);
    assert.ok(refused.some((url) => url.includes('tile.openstreetmap.org/18/')), 'the map asks for zoom-18 tiles once it is in view');
  } finally {
    await context.close();
  }
});

test('the question, counselling and baptism forms each land on /success', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  const forms: { path: string; fields: Record<string, string>; submit: string }[] = [
    { path: '/ask-a-question', fields: { Email: 'andrew@example.net', 'Your question': 'How can I join the choir?' }, submit: 'Send question' },
    {
      path: '/counselling',
      fields: { 'Full name': 'Martha Bethany', Email: 'martha@example.net', Phone: '020 7946 0777', 'Short description': 'I am worried and busy about many things.' },
      submit: 'Request counselling',
    },
    { path: '/baptism', fields: { 'Full name': 'Cornelius Centurion', Email: 'cornelius@example.net', Phone: '020 7946 0888' }, submit: 'Request baptism' },
  ];
  try {
    for (const form of forms) {
      await page.goto(`${site.baseUrl}${form.path}`, { waitUntil: 'networkidle' });
      for (const [label, value] of Object.entries(form.fields)) await page.getByLabel(label).fill(value);
      await page.getByRole('button', { name: form.submit }).click();
      await page.waitForURL(`${site.baseUrl}/success`);
      await page.getByRole('heading', { name: 'Your message has been received' }).waitFor();
    }
  } finally {
    await context.close();
  }
});

test('the member area sends a visitor without a session to /userLogin, and back after logging in', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${site.baseUrl}/user/user-dashboard`);
    await page.waitForURL((url) => url.pathname === '/userLogin');
    await page.getByRole('heading', { name: 'Member login' }).waitFor();
    await page.goto(`${site.baseUrl}/user/cart-page`);
    await page.waitForURL((url) => url.pathname === '/userLogin' && url.searchParams.get('next') === '/user/cart-page');

    const member = await createMember(site.baseUrl, 'Rhoda');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'My cart' }).waitFor(); // logging in leads back to where the visitor was going
    assert.equal(new URL(page.url()).pathname, '/user/cart-page');
  } finally {
    await context.close();
  }
});

test('menus open and close from the keyboard, on Escape and on a click outside', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  try {
    await page.goto(`${site.baseUrl}/`, { waitUntil: 'networkidle' });
    const about = page.getByRole('button', { name: 'About Us' });
    await about.focus();
    await page.keyboard.press('Enter');
    await page.locator('#about-menu').getByRole('link', { name: 'Our senior pastors' }).waitFor();
    assert.equal(await about.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Escape');
    await page.locator('#about-menu').waitFor({ state: 'hidden' });
    assert.equal(await about.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'About Us', 'focus returns to the menu button');

    await page.getByRole('button', { name: 'Prayers' }).click();
    await page.locator('#prayers-menu').getByRole('link', { name: 'How to become a Christian' }).waitFor();
    await page.locator('h1').click();
    await page.locator('#prayers-menu').waitFor({ state: 'hidden' }); // a click outside closes it

    assert.equal(await page.getByRole('link', { name: 'Admin Dashboard' }).count(), 0, 'no admin link for a visitor');
  } finally {
    await context.close();
  }
});

test('at 375 px the hamburger menu holds the whole site, plus the member and admin menus for an admin', async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  try {
    await page.goto(`${site.baseUrl}/`, { waitUntil: 'networkidle' });
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false, 'the wide menu is hidden');
    assert.ok(await page.getByRole('link', { name: 'DONATE' }).isVisible(), 'DONATE stays in view');
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    await hamburger.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    for (const label of ['Blog', 'Testimonies', 'Programs', 'Book Shop', 'Contact Us', 'Counselling', 'Login', 'Create An Account']) {
      assert.ok(await menu.getByRole('link', { name: label, exact: true }).isVisible(), `${label} is in the mobile menu`);
    }
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375, 'nothing overflows sideways');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden', timeout: 2000 }); // Escape closes the menu
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls')), 'mobile-menu', 'focus returns to the hamburger');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL(`${site.baseUrl}/blog`);
    await menu.waitFor({ state: 'hidden', timeout: 2000 }); // following a link closes the menu

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.mouse.click(20, 735);
    await menu.waitFor({ state: 'hidden', timeout: 2000 }); // a tap outside closes the menu

    await openSignedIn(page, site.baseUrl, await logIn(site.baseUrl, ADMIN.email, ADMIN.password), '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'My prayer requests' }).waitFor(); // the member menu is listed when signed in
    assert.ok(await menu.getByRole('button', { name: 'Logout' }).isVisible());
    assert.equal(await menu.getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href'), '/admin/admin-dashboard', 'admins get the admin menu');

    // Every staff role finds the console from the site; the admin menu's screens stay an Admin's.
    const finance = await createMember(site.baseUrl, 'Phoebe');
    const admin = await logIn(site.baseUrl, ADMIN.email, ADMIN.password);
    await graphql(site.baseUrl, 'mutation ($id: ID!) { updateUser(id: $id, role: Finance) { id } }', { id: finance.user.id }, admin.token);
    await openSignedIn(page, site.baseUrl, await logIn(site.baseUrl, finance.email, finance.password), '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    assert.equal(await menu.getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href'), '/admin/admin-dashboard', 'Finance gets the console');
    assert.equal(await menu.getByRole('link', { name: 'Donations' }).count(), 0, "but not an Admin's menu");
  } finally {
    await context.close();
  }
});
