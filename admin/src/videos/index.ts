import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { lazyScreen } from '../common/screens';

const screens = () => import('./VideoScreens');

export default {
  list: lazyScreen(() => import('./VideoList'), 'VideoList'),
  create: lazyScreen(screens, 'VideoCreate'),
  edit: lazyScreen(screens, 'VideoEdit'),
  show: lazyScreen(screens, 'VideoShow'),
  icon: VideoLibraryIcon,
  recordRepresentation: 'title',
  options: { label: 'Sermons' },
};
