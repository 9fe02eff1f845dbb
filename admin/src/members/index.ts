import PeopleIcon from '@mui/icons-material/People';
import { lazyScreen } from '../common/screens';

const screens = () => import('./MemberScreens');

export default {
  list: lazyScreen(screens, 'MemberList'),
  show: lazyScreen(screens, 'MemberShow'),
  icon: PeopleIcon,
  recordRepresentation: (record: { firstname?: string; lastname?: string }) => `${record.firstname ?? ''} ${record.lastname ?? ''}`.trim(),
  options: { label: 'All Members' },
};
