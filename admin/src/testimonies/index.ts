import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import { lazyScreen } from '../common/screens';

export default {
  list: lazyScreen(() => import('./TestimonyList'), 'TestimonyList'),
  edit: lazyScreen(() => import('./TestimonyEdit'), 'TestimonyEdit'),
  icon: RecordVoiceOverIcon,
  recordRepresentation: 'name',
  options: { label: 'Testimonies' },
};
