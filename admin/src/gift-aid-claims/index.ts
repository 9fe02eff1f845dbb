import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { lazyScreen } from '../common/screens';

const screens = () => import('./GiftAidClaimScreens');

export default {
  list: lazyScreen(screens, 'GiftAidClaimList'),
  show: lazyScreen(screens, 'GiftAidClaimShow'),
  create: lazyScreen(screens, 'GiftAidClaimCreate'),
  icon: VolunteerActivismIcon,
  recordRepresentation: 'id',
  options: { label: 'Gift Aid claims' },
};
