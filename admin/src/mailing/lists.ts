import ContactMailIcon from '@mui/icons-material/ContactMail';
import { lazyScreen } from '../common/screens';

const screens = () => import('./MailingListScreens');

export default {
  list: lazyScreen(screens, 'MailingListList'),
  create: lazyScreen(screens, 'MailingListCreate'),
  edit: lazyScreen(screens, 'MailingListEdit'),
  icon: ContactMailIcon,
  recordRepresentation: 'name',
  options: { label: 'Mailing lists' },
};
