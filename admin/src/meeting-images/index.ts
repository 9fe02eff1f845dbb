import VideoCallIcon from '@mui/icons-material/VideoCall';
import { lazyScreen } from '../common/screens';

const screens = () => import('./MeetingImageScreens');

export default {
  list: lazyScreen(screens, 'MeetingImageList'),
  create: lazyScreen(screens, 'MeetingImageCreate'),
  edit: lazyScreen(screens, 'MeetingImageEdit'),
  icon: VideoCallIcon,
  recordRepresentation: 'zoomId',
  options: { label: 'Online meeting image' },
};
