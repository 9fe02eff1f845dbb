import { EditScreen } from '../common/screens';
import { PostForm } from './PostForm';

export const PostEdit = () => (
  <EditScreen title="Edit post">
    <PostForm />
  </EditScreen>
);
