import { Create } from 'react-admin';
import { withBookingInput } from './BookingSection';
import { PostForm } from './PostForm';

export const PostCreate = () => (
  <Create title="Add post" redirect="list" transform={withBookingInput}>
    <PostForm />
  </Create>
);
