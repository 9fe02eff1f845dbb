import { ListSubheader } from '@mui/material';
import { Fragment } from 'react';
import { Menu, useSidebarState } from 'react-admin';
import { ADMIN_PAGES, ADMIN_RESOURCES, MENU_SECTIONS, type MenuLink } from '../resources';

const Section = ({ title }: { title: string }) => {
  const [open] = useSidebarState();
  return open ? (
    <ListSubheader component="div" sx={{ lineHeight: '2.25rem', mt: 1, bgcolor: 'transparent' }}>
      {title}
    </ListSubheader>
  ) : null;
};

const LinkItem = ({ link }: { link: MenuLink }) => <Menu.Item to={link.to} primaryText={link.label} leftIcon={<link.icon />} />;

/** The console's menu, read from the resource registry: each section's resources, then its other pages. */
export const AdminMenu = () => (
  <Menu>
    <Menu.DashboardItem primaryText="Dashboard" />
    {MENU_SECTIONS.map((section) => (
      <Fragment key={section}>
        <Section title={section} />
        {ADMIN_RESOURCES.filter((resource) => resource.section === section).map((resource) =>
          resource.menuLinks ? (
            resource.menuLinks.map((link) => <LinkItem key={link.to} link={link} />)
          ) : (
            <Menu.ResourceItem key={resource.name} name={resource.name} />
          ),
        )}
        {ADMIN_PAGES.filter((page) => page.section === section).map((page) => (
          <LinkItem key={page.to} link={page} />
        ))}
      </Fragment>
    ))}
  </Menu>
);
