import InboxIcon from '@mui/icons-material/Inbox';
import { lazyScreen } from '../common/screens';

const screens = () => import('./CareScreens');

export default {
  list: lazyScreen(screens, 'CareList'),
  show: lazyScreen(screens, 'CareShow'),
  icon: InboxIcon,
  recordRepresentation: 'subject',
  options: { label: 'Care inbox' },
};
