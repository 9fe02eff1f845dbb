import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { lazyScreen } from '../common/screens';

const screens = () => import('./PrayerRequestScreens');

export default {
  list: lazyScreen(screens, 'PrayerRequestList'),
  show: lazyScreen(screens, 'PrayerRequestShow'),
  edit: lazyScreen(screens, 'PrayerRequestEdit'),
  icon: VolunteerActivismIcon,
  recordRepresentation: 'title',
  options: { label: 'Prayer requests' },
};
