import MenuBookIcon from '@mui/icons-material/MenuBook';
import { lazyScreen } from '../common/screens';

const screens = () => import('./BookScreens');

export default {
  list: lazyScreen(screens, 'BookList'),
  create: lazyScreen(screens, 'BookCreate'),
  edit: lazyScreen(screens, 'BookEdit'),
  icon: MenuBookIcon,
  recordRepresentation: 'title',
  options: { label: 'Books' },
};
