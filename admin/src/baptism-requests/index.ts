import WaterDropIcon from '@mui/icons-material/WaterDrop';
import { lazyScreen } from '../common/screens';

const screens = () => import('./BaptismRequestScreens');

export default {
  list: lazyScreen(screens, 'BaptismRequestList'),
  show: lazyScreen(screens, 'BaptismRequestShow'),
  edit: lazyScreen(screens, 'BaptismRequestEdit'),
  icon: WaterDropIcon,
  recordRepresentation: 'name',
  options: { label: 'Baptism' },
};
