import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { lazyScreen } from '../common/screens';

const screens = () => import('./BookingScreens');

export default {
  list: lazyScreen(screens, 'BookingList'),
  show: lazyScreen(screens, 'BookingShow'),
  icon: ConfirmationNumberIcon,
  recordRepresentation: 'reference',
  options: { label: 'Bookings' },
};
