import ContactMailIcon from '@mui/icons-material/ContactMail';
import { lazyScreen } from '../common/screens';

const screens = () => import('./ContactEnquiryScreens');

export default {
  list: lazyScreen(screens, 'ContactEnquiryList'),
  show: lazyScreen(screens, 'ContactEnquiryShow'),
  edit: lazyScreen(screens, 'ContactEnquiryEdit'),
  icon: ContactMailIcon,
  recordRepresentation: 'name',
  options: { label: 'Contact enquiries' },
};
