import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { lazyScreen } from '../common/screens';

const screens = () => import('./BroadcastScreens');

export default {
  list: lazyScreen(screens, 'BroadcastList'),
  create: lazyScreen(screens, 'BroadcastCreate'),
  edit: lazyScreen(screens, 'BroadcastEdit'),
  show: lazyScreen(screens, 'BroadcastShow'),
  icon: ForwardToInboxIcon,
  recordRepresentation: 'subject',
  options: { label: 'E-mails' },
};
