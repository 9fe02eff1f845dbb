import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { canUseConsole, isAdmin, useSession } from '../lib/session';
import { useSiteSettings } from '../lib/site-settings';
import { BrandMark, ChevronIcon, MenuIcon } from './icons';
import { aboutMenu, adminMenu, consoleMenu, mainLinks, memberMenu, prayersMenu } from './nav-items';
import { inertOutside } from './inert-outside';
import { LinkItems } from './nav-link';
import { useDismiss } from './use-dismiss';
import { useLogout } from './use-logout';
import './site-header.css';

/** Where the header shows its full navigation and no phone menu (as in site-header.css). */
const DESKTOP_MEDIA = '(min-width: 1260px)';

type DropdownProps = {
  id: string;
  label: string;
  open: boolean;
  onToggle: (id: string) => void;
  onClose: () => void;
  children: React.ReactNode;
  align?: 'start' | 'end';
};

/** A disclosure menu: a button that shows a list of links; outside clicks and Escape close it. */
function Dropdown({ id, label, open, onToggle, onClose, children, align = 'start' }: DropdownProps) {
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open, onClose, container, button);
  return (
    <div className="dropdown" ref={container}>
      <button ref={button} type="button" className="nav-button" aria-expanded={open} aria-controls={`${id}-menu`} onClick={() => onToggle(id)}>
        {label}
        <ChevronIcon />
      </button>
      <ul id={`${id}-menu`} className={`dropdown-list align-${align}`} hidden={!open}>
        {children}
      </ul>
    </div>
  );
}

/** Keeps `--header-height` at the sticky header's height, so `scroll-padding-top` keeps what scrolls into view below it. */
function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--header-height', `${element.getBoundingClientRect().height}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, [header]);
}

/**
 * While the phone menu is open, everything but the menu and its button is inert, so Tab cannot walk behind it. The
 * menu exists on narrow screens only: widening the window past them closes it, so nothing stays inert.
 */
function useModalMenu(open: boolean, close: () => void, menu: RefObject<HTMLElement | null>, button: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open || !menu.current || !button.current) return;
    const restore = inertOutside([menu.current, button.current]);
    const desktop = window.matchMedia(DESKTOP_MEDIA);
    const onChange = () => {
      if (desktop.matches) close();
    };
    desktop.addEventListener('change', onChange);
    return () => {
      desktop.removeEventListener('change', onChange);
      restore();
    };
  }, [open, close, menu, button]);
}

export function SiteHeader() {
  const settings = useSiteSettings();
  const session = useSession();
  const logout = useLogout();
  const staff = canUseConsole(session);
  const admin = isAdmin(session);
  const { pathname } = useLocation();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  const mobileMenu = useRef<HTMLElement>(null);
  const hamburger = useRef<HTMLButtonElement>(null);

  const closeMenus = useCallback(() => setOpenMenu(null), []);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  const toggle = useCallback((id: string) => setOpenMenu((current) => (current === id ? null : id)), []);
  useDismiss(mobileOpen, closeMobile, mobileMenu, hamburger);
  useHeaderHeight(header);
  useModalMenu(mobileOpen, closeMobile, mobileMenu, hamburger);

  // A new page closes whatever menu led to it, in the same render, so the new page is never shown inert.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpenMenu(null);
    setMobileOpen(false);
  }

  const logoutItem = (
    <li>
      <button type="button" className="link-button" onClick={() => void logout()}>
        Logout
      </button>
    </li>
  );
  const accountItems = session.loggedIn ? (
    <>
      {staff && (
        <li>
          <a href="/admin">Admin Dashboard</a>
        </li>
      )}
      <li>
        <NavLink to="/user/user-dashboard">My dashboard</NavLink>
      </li>
      {logoutItem}
    </>
  ) : (
    <>
      <li>
        <NavLink to="/userlogin">Login</NavLink>
      </li>
      <li>
        <NavLink to="/register">Create An Account</NavLink>
      </li>
    </>
  );

  return (
    <header className="site-header" ref={header}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="header-bar">
        <Link to="/" className="brand">
          <BrandMark />
          <span className="brand-name">{settings.name}</span>
        </Link>

        <nav className="main-nav" aria-label="Main">
          <ul className="main-nav-list">
            <li>
              <NavLink to="/" end className="nav-link">
                Home
              </NavLink>
            </li>
            <li>
              <Dropdown id="about" label="About Us" open={openMenu === 'about'} onToggle={toggle} onClose={closeMenus}>
                <LinkItems items={aboutMenu} />
              </Dropdown>
            </li>
            <li>
              <Dropdown id="prayers" label="Prayers" open={openMenu === 'prayers'} onToggle={toggle} onClose={closeMenus}>
                <LinkItems items={prayersMenu} />
              </Dropdown>
            </li>
            <LinkItems items={mainLinks} className="nav-link" />
          </ul>
        </nav>

        <div className="header-actions">
          <div className="desktop-only">
            <Dropdown id="account" label={session.loggedIn ? `Hi, ${session.user?.firstname ?? 'friend'}` : 'Account'} open={openMenu === 'account'} onToggle={toggle} onClose={closeMenus} align="end">
              {accountItems}
            </Dropdown>
          </div>
          {staff && (
            <a className="admin-link desktop-only" href="/admin">
              Admin Dashboard
            </a>
          )}
          <Link to="/user/make-donations" className="donate-button">
            DONATE
          </Link>
          <button
            ref={hamburger}
            type="button"
            className="hamburger"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((open) => !open)}
          >
            <MenuIcon open={mobileOpen} />
            <span className="visually-hidden">{mobileOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </div>

      {mobileOpen && <div className="menu-backdrop" aria-hidden="true" />}
      <nav id="mobile-menu" ref={mobileMenu} className="mobile-menu" aria-label="Mobile" hidden={!mobileOpen}>
        <ul>
          <li>
            <NavLink to="/" end>
              Home
            </NavLink>
          </li>
          <LinkItems items={mainLinks} />
        </ul>
        <h2 className="mobile-heading">About us</h2>
        <ul>
          <LinkItems items={aboutMenu} />
        </ul>
        <h2 className="mobile-heading">Prayers</h2>
        <ul>
          <LinkItems items={prayersMenu} />
        </ul>
        <h2 className="mobile-heading">{session.loggedIn ? 'My account' : 'Account'}</h2>
        <ul>
          {session.loggedIn ? (
            <>
              <LinkItems items={memberMenu} />
              {logoutItem}
            </>
          ) : (
            accountItems
          )}
        </ul>
        {staff && (
          <>
            <h2 className="mobile-heading">Admin</h2>
            <ul>
              <LinkItems items={admin ? adminMenu : consoleMenu} />
            </ul>
          </>
        )}
      </nav>
    </header>
  );
}
