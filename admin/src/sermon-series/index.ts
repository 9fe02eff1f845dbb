import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import { lazyScreen } from '../common/screens';

const screens = () => import('./SermonSeriesScreens');

export default {
  list: lazyScreen(screens, 'SermonSeriesList'),
  create: lazyScreen(screens, 'SermonSeriesCreate'),
  edit: lazyScreen(screens, 'SermonSeriesEdit'),
  icon: CollectionsBookmarkIcon,
  recordRepresentation: 'title',
  options: { label: 'Sermon series' },
};
