import { NavLink } from 'react-router';
import type { NavItem } from './nav-items';

/** A menu entry: a client-side link inside this app, a plain link for the admin console. */
export function NavItemLink({ item, className }: { item: NavItem; className?: string }) {
  if (item.external) {
    return (
      <a className={className} href={item.to}>
        {item.label}
      </a>
    );
  }
  return (
    <NavLink className={className} to={item.to} end>
      {item.label}
    </NavLink>
  );
}

/** A menu's entries as list items, for the caller's <ul>. */
export function LinkItems({ items, className }: { items: NavItem[]; className?: string }) {
  return items.map((item) => (
    <li key={item.to}>
      <NavItemLink item={item} className={className} />
    </li>
  ));
}
