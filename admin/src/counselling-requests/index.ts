import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazyScreen } from '../common/screens';

const screens = () => import('./CounsellingRequestScreens');

export default {
  list: lazyScreen(screens, 'CounsellingRequestList'),
  show: lazyScreen(screens, 'CounsellingRequestShow'),
  edit: lazyScreen(screens, 'CounsellingRequestEdit'),
  icon: SupportAgentIcon,
  recordRepresentation: 'name',
  options: { label: 'Counselling' },
};
