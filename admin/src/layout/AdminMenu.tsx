import { ListSubheader } from '@mui/material';
import { Fragment } from 'react';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import type { Permissions } from '../auth/permissions';
import { menuFor, type MenuLink } from '../resources';

const Section = ({ title }: { title: string }) => {
  const [open] = useSidebarState();
  return open ? (
    // Not sticky: a transparent heading stuck at the top would sit over the menu items scrolled under it.
    <ListSubheader component="div" disableSticky sx={{ lineHeight: '2.25rem', mt: 1, bgcolor: 'transparent' }}>
      {title}
    </ListSubheader>
  ) : null;
};

const LinkItem = ({ link }: { link: MenuLink }) => <Menu.Item to={link.to} primaryText={link.label} leftIcon={<link.icon />} />;

/**
 * The console's menu, read from the resource registry: each section's resources, then its other pages, only
 * those the signed-in person's permissions allow, and no heading over an empty section.
 */
export const AdminMenu = () => {
  const { permissions } = usePermissions<Permissions>();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Dashboard" />
      {menuFor(permissions).map(({ section, resources, pages }) => (
        <Fragment key={section}>
          <Section title={section} />
          {resources.map((resource) =>
            resource.menuLinks ? (
              resource.menuLinks.map((link) => <LinkItem key={link.to} link={link} />)
            ) : (
              <Menu.ResourceItem key={resource.name} name={resource.name} />
            ),
          )}
          {pages.map((page) => (
            <LinkItem key={page.to} link={page} />
          ))}
        </Fragment>
      ))}
    </Menu>
  );
};
