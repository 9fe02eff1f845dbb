import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import { lazyScreen } from '../common/screens';

const screens = () => import('./SpeakerScreens');

export default {
  list: lazyScreen(screens, 'SpeakerList'),
  create: lazyScreen(screens, 'SpeakerCreate'),
  edit: lazyScreen(screens, 'SpeakerEdit'),
  icon: RecordVoiceOverIcon,
  recordRepresentation: 'name',
  options: { label: 'Speakers' },
};
