import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { lazyScreen } from '../common/screens';

const screens = () => import('./SliderImageScreens');

export default {
  list: lazyScreen(screens, 'SliderImageList'),
  create: lazyScreen(screens, 'SliderImageCreate'),
  edit: lazyScreen(screens, 'SliderImageEdit'),
  icon: ViewCarouselIcon,
  recordRepresentation: 'title',
  options: { label: 'Slider images' },
};
