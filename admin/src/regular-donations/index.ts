import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { lazyScreen } from '../common/screens';

const screens = () => import('./RegularDonationScreens');

export default {
  list: lazyScreen(screens, 'RegularDonationList'),
  show: lazyScreen(screens, 'RegularDonationShow'),
  icon: EventRepeatIcon,
  recordRepresentation: 'subscriptionID',
  options: { label: 'Regular gifts' },
};
