import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { lazyScreen } from '../common/screens';

export default {
  list: lazyScreen(() => import('./AuditEventScreens'), 'AuditEventList'),
  icon: ManageSearchIcon,
  options: { label: 'Audit trail' },
};
