import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { lazyScreen } from '../common/screens';

const screens = () => import('./BookOrderScreens');

export default {
  list: lazyScreen(screens, 'BookOrderList'),
  show: lazyScreen(screens, 'BookOrderShow'),
  icon: ShoppingCartIcon,
  recordRepresentation: 'orderID',
  options: { label: 'Bookshop orders' },
};
