import HelpIcon from '@mui/icons-material/Help';
import { lazyScreen } from '../common/screens';

const screens = () => import('./QuestionScreens');

export default {
  list: lazyScreen(screens, 'QuestionList'),
  show: lazyScreen(screens, 'QuestionShow'),
  edit: lazyScreen(screens, 'QuestionEdit'),
  icon: HelpIcon,
  recordRepresentation: 'email',
  options: { label: 'Questions' },
};
