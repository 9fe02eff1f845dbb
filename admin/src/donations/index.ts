import SavingsIcon from '@mui/icons-material/Savings';
import { lazyScreen } from '../common/screens';

const screens = () => import('./DonationScreens');

export default {
  list: lazyScreen(screens, 'DonationList'),
  show: lazyScreen(screens, 'DonationShow'),
  icon: SavingsIcon,
  recordRepresentation: 'orderID',
  options: { label: 'Donations' },
};
