import { EditScreen } from '../common/screens';
import { withBookingInput } from './BookingSection';
import { PostForm } from './PostForm';

export const PostEdit = () => (
  <EditScreen title="Edit post" transform={withBookingInput}>
    <PostForm />
  </EditScreen>
);
