import { Create } from 'react-admin';
import { PostForm } from './PostForm';

export const PostCreate = () => (
  <Create title="Add post" redirect="list">
    <PostForm />
  </Create>
);
