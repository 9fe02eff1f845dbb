import PlaceIcon from '@mui/icons-material/Place';
import { lazyScreen } from '../common/screens';

const screens = () => import('./VisitImageScreens');

export default {
  list: lazyScreen(screens, 'VisitImageList'),
  create: lazyScreen(screens, 'VisitImageCreate'),
  edit: lazyScreen(screens, 'VisitImageEdit'),
  icon: PlaceIcon,
  recordRepresentation: 'title',
  options: { label: 'Visit image' },
};
