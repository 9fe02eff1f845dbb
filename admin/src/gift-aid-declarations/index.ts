import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import { lazyScreen } from '../common/screens';

const screens = () => import('./GiftAidDeclarationScreens');

export default {
  list: lazyScreen(screens, 'GiftAidDeclarationList'),
  show: lazyScreen(screens, 'GiftAidDeclarationShow'),
  create: lazyScreen(screens, 'GiftAidDeclarationCreate'),
  icon: AssignmentIndIcon,
  recordRepresentation: (record: { firstName?: string; lastName?: string; version?: number }) => `${record.firstName ?? ''} ${record.lastName ?? ''}, version ${record.version ?? ''}`,
  options: { label: 'Gift Aid declarations' },
};
