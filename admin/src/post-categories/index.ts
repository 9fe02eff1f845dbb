import CategoryIcon from '@mui/icons-material/Category';
import { lazyScreen } from '../common/screens';

export default {
  list: lazyScreen(() => import('./PostCategoryList'), 'PostCategoryList'),
  create: lazyScreen(() => import('./PostCategoryForm'), 'PostCategoryCreate'),
  edit: lazyScreen(() => import('./PostCategoryForm'), 'PostCategoryEdit'),
  icon: CategoryIcon,
  recordRepresentation: 'name',
  options: { label: 'Post categories' },
};
