import ArticleIcon from '@mui/icons-material/Article';
import { lazyScreen } from '../common/screens';

export default {
  list: lazyScreen(() => import('./PostList'), 'PostList'),
  create: lazyScreen(() => import('./PostCreate'), 'PostCreate'),
  edit: lazyScreen(() => import('./PostEdit'), 'PostEdit'),
  icon: ArticleIcon,
  recordRepresentation: 'name',
  options: { label: 'Posts' },
};
