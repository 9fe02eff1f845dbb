import ArticleIcon from '@mui/icons-material/Article';
import EventIcon from '@mui/icons-material/Event';
import ListAltIcon from '@mui/icons-material/ListAlt';
import SettingsIcon from '@mui/icons-material/Settings';
import { ListSubheader } from '@mui/material';
import { Menu, useSidebarState } from 'react-admin';
import { CATEGORY } from '../data/resources';
import { postsOfCategory } from '../posts/categories';

const Section = ({ title }: { title: string }) => {
  const [open] = useSidebarState();
  return open ? (
    <ListSubheader component="div" sx={{ lineHeight: '2.25rem', mt: 1, bgcolor: 'transparent' }}>
      {title}
    </ListSubheader>
  ) : null;
};

/** The console's menu, grouped the way the volunteers work: content, requests, payments, people. */
export const AdminMenu = () => (
  <Menu>
    <Menu.DashboardItem primaryText="Dashboard" />
    <Section title="Website content" />
    <Menu.Item to={postsOfCategory(CATEGORY.blog)} primaryText="Blog" leftIcon={<ArticleIcon />} />
    <Menu.Item to={postsOfCategory(CATEGORY.programs)} primaryText="Programs" leftIcon={<EventIcon />} />
    <Menu.Item to="/posts?filter=%7B%7D" primaryText="All posts" leftIcon={<ListAltIcon />} />
    <Menu.ResourceItem name="post-categories" />
    <Menu.ResourceItem name="testimonies" />
    <Menu.ResourceItem name="videos" />
    <Menu.ResourceItem name="slider-images" />
    <Menu.ResourceItem name="visit-images" />
    <Menu.ResourceItem name="meeting-images" />
    <Menu.ResourceItem name="books" />
    <Menu.Item to="/site-settings" primaryText="Site settings" leftIcon={<SettingsIcon />} />
    <Section title="Requests" />
    <Menu.ResourceItem name="contact-enquiries" />
    <Menu.ResourceItem name="questions" />
    <Menu.ResourceItem name="counselling-requests" />
    <Menu.ResourceItem name="baptism-requests" />
    <Menu.ResourceItem name="prayer-requests" />
    <Section title="Payments" />
    <Menu.ResourceItem name="donations" />
    <Menu.ResourceItem name="book-orders" />
    <Section title="People" />
    <Menu.ResourceItem name="members" />
  </Menu>
);
